// Why this exists: the trace, an observable interface: one JSON object a line (a TraceEvent), written in order a moment after it happens (off the main thread), for tests and benchmarks.
import Foundation
import GLibRuntime
import PhotoFetching

/// `classic-photos --trace FILE` appends events here. `t` is seconds since launch.
/// Thread-safe: operations report from workers, the UI from the main loop. `emit` only stamps
/// the event and queues it; a serial queue formats and writes the lines, in order, a moment
/// later, so the main thread never waits on the file system while it makes a frame.
/// A write that fails (a full disk, `--trace /dev/full`) stops the trace, said once on standard
/// error; the app goes on. Its file, queue of lines and observer are behind one lock.
///
/// There is no process-wide trace: the app makes one at launch and hands it to whatever reports
/// (its services, windows and galleries); a test makes its own, so tests never share one.
public final class Trace: Sendable {
    public init() {}

    private struct State {
        var handle: TraceFile?
        /// The file being written, while one is open.
        var openPath: String?
        /// Events emitted and not yet written, and whether a write is already on its way.
        var pending: [(t: Double, event: TraceEvent)] = []
        var writeScheduled = false
        var observer: TraceObserver?
    }
    private let state = Locked(State())
    private let writer = DispatchQueue(label: "classic-photos.trace")
    private let start = ProcessInfo.processInfo.systemUptime
    /// That the trace could not be written, said once.
    private let log = LogOnce()

    public var isEnabled: Bool { state.withLock { $0.handle != nil } }
    /// The file being written, while one is open.
    public var path: String? { state.withLock { $0.openPath } }

    /// Sees every event, written to a file or not (the operations inspector). Set at start.
    public var observer: TraceObserver? {
        get { state.withLock { $0.observer } }
        set { state.withLock { $0.observer = newValue } }
    }

    /// The session's own trace's size (`SessionTrace`): past it, the older half is rotated aside.
    public static let sessionSizeLimit = 32 << 20

    /// Write to a file the caller opened (the session trace, made exclusively), kept under `sizeLimit`.
    public func open(fd: Int32, path: String, sizeLimit: Int?) {
        install(TraceFile(fd: fd, path: path, sizeLimit: sizeLimit))
    }

    /// Open the trace file the user named (`--trace FILE`): appended to, created 0600 if it is
    /// new, never through a symbolic link.
    public func open(path: String) throws {
        let file: TraceFile
        do throws(TraceFileError) { file = try TraceFile.append(to: path) } catch {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: error.description])
        }
        install(file)
    }

    private func install(_ file: TraceFile) {
        writer.sync {
            write()
            state.withLock {
                $0.handle = file
                $0.openPath = file.path
            }
        }
    }

    /// The files the trace was written to, oldest first (a session trace past its size has its
    /// older half beside it): what Export copies.
    public var paths: [String] {
        state.withLock {
            guard let handle = $0.handle else { return [] }
            return FileManager.default.fileExists(atPath: handle.rotatedPath) ? [handle.rotatedPath, handle.path] : [handle.path]
        }
    }

    /// Write what is queued, then stop writing (tests switch trace files between cases; the
    /// app closes it as it exits).
    public func close() {
        // On the writer queue, as every use of the file is.
        writer.sync {
            write()
            state.withLock {
                $0.handle?.close()
                $0.handle = nil
                $0.openPath = nil
            }
        }
    }

    /// Wait until every event emitted so far is in the file.
    public func flush() {
        writer.sync { write() }
    }

    /// Seconds since launch, as written in `t`.
    public var now: Double { ProcessInfo.processInfo.systemUptime - start }

    /// Queue one event; it reaches the file within a moment, in order. The time is taken under
    /// the same lock as the place in the queue, so the file's lines are in time order even when
    /// a worker is preempted as it emits.
    public func emit(_ event: TraceEvent) {
        let (t, observer, schedule): (Double, TraceObserver?, Bool) = state.withLock { state in
            let t = now
            guard state.handle != nil else { return (t, state.observer, false) }
            state.pending.append((t, event))
            defer { state.writeScheduled = true }
            return (t, state.observer, !state.writeScheduled)
        }
        observer?.record(event, t: t)
        if schedule { writer.async { [self] in write() } }
    }

    /// On the writer queue: format and write everything queued, in one write.
    private func write() {
        let (events, file): ([(t: Double, event: TraceEvent)], TraceFile?) = state.withLock { state in
            defer {
                state.pending.removeAll(keepingCapacity: true)
                state.writeScheduled = false
            }
            return (state.pending, state.handle)
        }
        guard let file, !events.isEmpty else { return }
        var text = ""
        for (t, event) in events { text += Self.line(event, t: t) }
        if case .failure(let error) = file.write(text) {
            // The trace stops; the app goes on.
            state.withLock {
                if $0.handle === file { $0.handle = nil }
            }
            file.close()
            log.say("trace", "the trace could not be written (\(error)); tracing stopped")
        }
    }

    /// The JSON line for `event` at time `t`.
    public static func line(_ event: TraceEvent, t: Double) -> String {
        let (name, fields) = event.encoded
        var line = "{\"t\":\(String(format: "%.4f", t)),\"event\":\(quote(name.rawValue))"
        for (key, value) in fields {
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
