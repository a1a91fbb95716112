// Why this exists: which machine a benchmark run measured (CPU model, cores, the sepia code path, the date), written beside every result, since the same figure differs by CPU.
import Foundation
import PhotoPipeline

public struct Machine: Codable, Sendable {
    public var cpu: String
    public var cores: Int
    public var sepiaPath: String
    public var date: String

    public static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Machine(cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount,
                       sepiaPath: SepiaKernel.fastest.rawValue, date: formatter.string(from: Date()))
    }

    public var summary: String { "\(cpu), \(cores) cores, sepia code \(sepiaPath), \(date)" }
}
