// Why this exists: exiftool as the tests ask it, each answer kept by what it was asked: a Perl program, a third of a second of processor time a start, asked the same questions again and again in a run of the test command (the same photos written in several app tests' folders, the pipeline's tests under both sanitizers).
import Foundation

/// exiftool, run once for each question: its options and the bytes of the file it reads or
/// writes and of any file an option names (`-ThumbnailImage<=FILE`).
public enum Exiftool {
    /// exiftool's `options` on `file`: what it printed and its status. With `-overwrite_original`
    /// among the options, `file` is left as exiftool writes it.
    @discardableResult
    public static func run(_ options: [String], _ file: String, timeout: TimeInterval = 60) throws -> (output: String, status: Int32) {
        let writes = options.contains("-overwrite_original")
        var key = try Data(contentsOf: URL(fileURLWithPath: file)) + Data(options.joined(separator: "\u{0}").utf8)
        for option in options {
            if let named = option.range(of: "<=") { key += (try? Data(contentsOf: URL(fileURLWithPath: String(option[named.upperBound...])))) ?? Data() }
        }
        let name = String(fnv1a(key), radix: 16)
        let keptAnswer = folder.appendingPathComponent(name + ".answer"), keptFile = folder.appendingPathComponent(name + ".file")
        let written: Data? = writes ? (try? Data(contentsOf: keptFile)) : Data()
        if let answer = try? Data(contentsOf: keptAnswer), answer.count >= 4, let written {
            // As exiftool writes it: a new file renamed over the old (a watcher sees the same change).
            if writes { try written.write(to: URL(fileURLWithPath: file), options: .atomic) }
            let status = answer.prefix(4).reduce(Int32(0)) { $0 << 8 | Int32($1) }
            return (String(decoding: answer.dropFirst(4), as: UTF8.self), status)
        }
        let done = try Tool.run("/usr/bin/exiftool", options + [file], timeout: timeout)
        guard done.status >= 0 else { return done } // killed at its deadline: not an answer to keep
        // The file first, then the answer that says it is there; each whole or not at all.
        if writes { keep(try Data(contentsOf: URL(fileURLWithPath: file)), as: keptFile) }
        let status = UInt32(bitPattern: done.status)
        keep(Data([UInt8(status >> 24), UInt8(status >> 16 & 0xFF), UInt8(status >> 8 & 0xFF), UInt8(status & 0xFF)]) + Data(done.output.utf8), as: keptAnswer)
        return done
    }

    /// Written under a name of its own, then renamed into place.
    private static func keep(_ data: Data, as kept: URL) {
        let partial = folder.appendingPathComponent(".\(UUID().uuidString)")
        if (try? data.write(to: partial)) != nil, rename(partial.path, kept.path) != 0 { unlink(partial.path) }
    }

    /// Where the answers are kept, for this user.
    private static let folder: URL = {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("classic-photos-exiftool-\(getuid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static func fnv1a(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
