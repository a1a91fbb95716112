// Why this exists: the trace, an observable interface: one JSON object a line, flushed as it happens, for tests and benchmarks.
import Foundation

/// `classic-photos --trace FILE` appends events here. `t` is seconds since launch.
/// Thread-safe: operations report from workers, the UI from the main loop.
public final class Trace: @unchecked Sendable {
    public static let shared = Trace()

    private let lock = NSLock()
    private var handle: FileHandle?
    private let start = ProcessInfo.processInfo.systemUptime

    public var isEnabled: Bool { lock.withLock { handle != nil } }

    /// Open (create or append to) the trace file.
    public func open(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let file = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        file.seekToEndOfFile()
        lock.withLock { handle = file }
    }

    /// Stop writing (tests switch trace files between cases).
    public func close() {
        lock.withLock {
            try? handle?.close()
            handle = nil
        }
    }

    /// Seconds since launch, as written in `t`.
    public var now: Double { ProcessInfo.processInfo.systemUptime - start }

    /// Write one event. Values may be String, Int, Double, Bool or [Int].
    public func emit(_ event: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) {
        guard isEnabled else { return }
        var line = "{\"t\":\(String(format: "%.4f", now)),\"event\":\(Self.quote(event))"
        for (key, value) in fields {
            line += ",\(Self.quote(key)):\(Self.encode(value))"
        }
        line += "}\n"
        let data = Data(line.utf8)
        lock.withLock { handle?.write(data) }
    }

    static func encode(_ value: any Sendable) -> String {
        switch value {
        case let v as String: return quote(v)
        case let v as Int: return String(v)
        case let v as Double: return v.isFinite ? String(v) : "null"
        case let v as Bool: return v ? "true" : "false"
        case let v as [Int]: return "[" + v.map(String.init).joined(separator: ",") + "]"
        default: return quote(String(describing: value))
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
