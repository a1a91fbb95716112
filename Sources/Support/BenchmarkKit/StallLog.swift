// Why this exists: the main thread's stacks during a stall come from the stall sampler the benchmark preloads into the app (libClassicPhotosStallSampler.so, Sources/Support/StallSampler), which writes them to a file of its own: the shipping app links none of it.
import Foundation
import TestAndBenchSupport

struct StallLog {
    /// One stall: when it was reported (monotonic seconds, as this process's uptime), its wall
    /// and CPU ms, and the stacks as written (samples split by `;`, frames by spaces).
    struct Stall: Equatable {
        let at: Double
        let ms: Double
        let cpu: Double
        let stacks: String
    }

    let path: String

    /// A log for one launch, if the sampler was built beside this benchmark (bench/run.sh builds it).
    static func make(beside executable: String = CommandLine.arguments[0]) -> StallLog? {
        let library = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("libClassicPhotosStallSampler.so").path
        guard FileManager.default.fileExists(atPath: library) else { return nil }
        return StallLog(path: TemporaryFiles.url("stalls-\(UUID().uuidString).log").path, library: library)
    }

    private let library: String
    private init(path: String, library: String) {
        self.path = path
        self.library = library
    }

    /// Whether `program` links a stall sampler of its own (a build from before fa9fb19): its
    /// symbol's name is in the file.
    static func samplesItself(_ program: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: program), options: .alwaysMapped) else { return false }
        return data.range(of: Data("cp_stall_sampler_start".utf8)) != nil
    }

    /// What the app is started with: the library preloaded, and where it writes.
    var environment: [String: String] { ["LD_PRELOAD": library, "CLASSIC_PHOTOS_STALL_LOG": path] }

    /// Each stall written so far (a line cut short, or not in the format, is left out).
    var stalls: [Stall] { Self.parse((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") }

    static func parse(_ text: String) -> [Stall] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, let at = Double(fields[0]), let ms = Double(fields[1]), let cpu = Double(fields[2]) else { return nil }
            return Stall(at: at, ms: ms, cpu: cpu, stacks: fields.count > 3 ? String(fields[3]) : "")
        }
    }
}
