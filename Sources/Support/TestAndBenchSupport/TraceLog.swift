// Why this exists: reads the app's --trace file back into the app's own TraceEvent type, for tests and benchmarks.
import Foundation
import PhotoPipeline
import PhotoTrace

/// One line of the trace: when (seconds since the app started) and what.
public struct TraceRecord: Sendable {
    public let t: Double
    public let event: TraceEvent
    /// Worked out once: readers filter by name over and over.
    public let name: TraceEvent.Name
    public init(t: Double, event: TraceEvent) { self.t = t; self.event = event; name = event.name }

    public var row: Int? { event.row }
    public var queue: Stage? { event.queue }
    /// For `state` events.
    public var state: PhotoState? { if case .state(_, let state, _, _) = event { return state } else { return nil } }
    /// For `state` (failed) events: what went wrong, by its stable name.
    public var code: StageFailure.Code? { if case .state(_, _, _, let code) = event { return code } else { return nil } }
    /// For `state` (failed) and `manifest-failed` events.
    public var reason: String? {
        switch event {
        case .state(_, _, let reason, _): return reason
        case .manifestFailed(let reason, _): return reason
        default: return nil
        }
    }
}

public struct TraceLog {
    public let path: String
    private let reader: IncrementalReader
    /// The trace writing the file, when this process writes it (pipeline tests): flushed before each read.
    private let writer: Trace?
    public init(path: String, writtenBy writer: Trace? = nil) {
        self.path = path
        self.writer = writer
        reader = IncrementalReader(path: path)
    }

    /// Every complete line, decoded. Each call reads only what was appended since the last one.
    /// A trace this process writes itself (pipeline tests) is flushed first: `Trace` writes
    /// its lines a moment after they are emitted.
    public var events: [TraceRecord] {
        writer?.flush()
        return reader.read().events
    }

    /// Lines that are not an event `TraceEvent` knows (tests assert there are none).
    public var undecodableLines: [String] {
        writer?.flush()
        return reader.read().undecodable
    }

    static func decode(_ line: Substring) -> TraceRecord? {
        guard let decoded = try? decoder.decode(TraceLine.self, from: Data(line.utf8)) else { return nil }
        return TraceRecord(t: decoded.t, event: decoded.event)
    }
    private static let decoder = JSONDecoder()

    /// Keeps what was read so far and the offset it ended at; a file that shrank (a new trace at
    /// the same path) is read again from the start.
    final class IncrementalReader: @unchecked Sendable {
        let path: String
        private let lock = NSLock()
        private var offset: UInt64 = 0
        private var records: [TraceRecord] = []
        private var bad: [String] = []
        init(path: String) { self.path = path }

        func read() -> (events: [TraceRecord], undecodable: [String]) {
            lock.withLock {
                guard let handle = FileHandle(forReadingAtPath: path) else { return (records, bad) }
                defer { try? handle.close() }
                let size = (try? handle.seekToEnd()) ?? 0
                if size < offset { offset = 0; records = []; bad = [] }
                try? handle.seek(toOffset: offset)
                guard let data = try? handle.readToEnd(), !data.isEmpty,
                      let lastNewline = data.lastIndex(of: 0x0A) else { return (records, bad) }
                // Only complete lines: one still being written waits for the next read.
                let complete = data[data.startIndex...lastNewline]
                offset += UInt64(complete.count)
                for line in String(decoding: complete, as: UTF8.self).split(separator: "\n") {
                    if let record = TraceLog.decode(line) { records.append(record) } else { bad.append(String(line)) }
                }
                return (records, bad)
            }
        }
    }

    /// The latest `state` event of each row.
    public var finalStates: [Int: TraceRecord] {
        var states: [Int: TraceRecord] = [:]
        for record in events where record.name == .state { if let row = record.row { states[row] = record } }
        return states
    }

    /// The row's state once it has ended (filtered or failed); nil while it is new or only
    /// downloaded, since a sepia still follows a download.
    public func endedState(_ row: Int) -> PhotoState? {
        guard let state = finalStates[row]?.state, state == .filtered || state == .failed else { return nil }
        return state
    }

    /// Poll until `condition` holds on the events, or `timeout` passes.
    public func wait(timeout: TimeInterval, until condition: ([TraceRecord]) -> Bool) -> Bool {
        poll(timeout: timeout) { condition(events) }
    }
}

/// Check `condition` every `interval` seconds until it holds or `timeout` passes; one last
/// check at the deadline.
public func poll(timeout: TimeInterval, interval: TimeInterval = 0.05, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(useconds_t(interval * 1_000_000))
    }
    return condition()
}
