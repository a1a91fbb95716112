// Why this exists: the files a drag out of the window hands to other apps (a PNG of the sepia photo) live in a folder of the app's own, made new with mkdtemp (0700) under the runtime folder, and removed with everything in it when the app quits.
import Foundation
import PhotoFetching

public final class PrivateFolder: Sendable {
    public let path: String

    /// A new folder `prefix-XXXXXX` under `$XDG_RUNTIME_DIR` (else `$TMPDIR`, else /tmp); nil if it cannot be made.
    public init?(prefix: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let base = runtime ?? environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\((base as NSString).standardizingPath)/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Write `data` as `name` (made safe for a file name), replacing an earlier file of that name;
    /// the file's path, or nil if it could not be written.
    public func write(_ data: Data, named name: String) -> String? {
        let file = (path as NSString).appendingPathComponent(ExportNames.base(for: name))
        guard case .success = AtomicFile.write(data, to: file, mode: 0o644) else { return nil }
        return file
    }

    /// The folder and every file in it (at quit).
    public func remove() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            unlink((path as NSString).appendingPathComponent(name))
        }
        rmdir(path)
    }
}
