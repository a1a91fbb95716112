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
        /// The first processor's value for `name` (the key before the colon, exactly).
        func field(_ name: String) -> String? {
            for line in cpuinfo.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
        // Virtual machines often hide the marketing name ("Intel(R) Xeon(R) Processor"): the
        // family, model and stepping still say which generation it is.
        var model = field("model name") ?? "unknown"
        if let family = field("cpu family"), let number = field("model"), let stepping = field("stepping") {
            model += " (family \(family), model \(number), stepping \(stepping)\(field("cpu MHz").map { ", \($0) MHz" } ?? ""))"
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Machine(cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount,
                       sepiaPath: SepiaKernel.fastest.rawValue, date: formatter.string(from: Date()))
    }

    public var summary: String { "\(cpu), \(cores) cores, sepia code \(sepiaPath), \(date)" }
}
