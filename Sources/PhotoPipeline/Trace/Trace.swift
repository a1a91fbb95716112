// Why this exists: the trace, an observable interface: one JSON object a line (a TraceEvent), flushed as it happens, for tests and benchmarks.
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

    /// Write one event.
    public func emit(_ event: TraceEvent) {
        guard isEnabled else { return }
        let data = Data(Self.line(event, t: now).utf8)
        lock.withLock { handle?.write(data) }
    }

    /// The JSON line for `event` at time `t`.
    public static func line(_ event: TraceEvent, t: Double) -> String {
        var line = "{\"t\":\(String(format: "%.4f", t)),\"event\":\(quote(event.name.rawValue))"
        for (key, value) in event.encoded {
            line += ",\(quote(key)):\(encode(value))"
        }
        return line + "}\n"
    }

    static func encode(_ value: TraceEvent.Value) -> String {
        switch value {
        case .string(let v): return quote(v)
        case .int(let v): return String(v)
        case .double(let v): return v.isFinite ? String(v) : "null"
        case .bool(let v): return v ? "true" : "false"
        case .ints(let v): return "[" + v.map(String.init).joined(separator: ",") + "]"
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
