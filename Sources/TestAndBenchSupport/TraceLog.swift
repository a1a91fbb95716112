// Why this exists: reads the app's --trace file back into the app's own TraceEvent type, for tests and benchmarks.
import Foundation
import PhotoPipeline

/// One line of the trace: when (seconds since the app started) and what.
public struct TraceRecord: Sendable {
    public let t: Double
    public let event: TraceEvent
    public init(t: Double, event: TraceEvent) { self.t = t; self.event = event }

    public var name: TraceEvent.Name { event.name }
    public var row: Int? { event.row }
    public var queue: Stage? { event.queue }
    /// For `state` events.
    public var state: PhotoState? { if case .state(_, let state, _) = event { return state } else { return nil } }
    /// For `state` (failed) and `manifest-failed` events.
    public var reason: String? {
        switch event {
        case .state(_, _, let reason): return reason
        case .manifestFailed(let reason, _): return reason
        default: return nil
        }
    }
}

public struct TraceLog {
    public let path: String
    public init(path: String) { self.path = path }

    private var lines: [Substring] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        // A line still being written has no newline yet: leave it for the next read.
        let complete = text.hasSuffix("\n") ? text[...] : text[..<(text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex)]
        return complete.split(separator: "\n")
    }

    /// Every complete line, decoded.
    public var events: [TraceRecord] {
        lines.compactMap(Self.decode)
    }

    /// Lines that are not an event `TraceEvent` knows (tests assert there are none).
    public var undecodableLines: [String] {
        lines.filter { Self.decode($0) == nil }.map(String.init)
    }

    static func decode(_ line: Substring) -> TraceRecord? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let t = object["t"] as? Double, let event = TraceEvent(json: object) else { return nil }
        return TraceRecord(t: t, event: event)
    }

    /// The latest `state` event of each row.
    public var finalStates: [Int: TraceRecord] {
        var states: [Int: TraceRecord] = [:]
        for record in events where record.name == .state { if let row = record.row { states[row] = record } }
        return states
    }

    /// Poll until `condition` holds on the events, or `timeout` passes.
    @discardableResult
    public func wait(timeout: TimeInterval, until condition: ([TraceRecord]) -> Bool) -> Bool {
        poll(timeout: timeout) { condition(events) }
    }
}

/// Check `condition` every `interval` seconds until it holds or `timeout` passes; one last
/// check at the deadline.
@discardableResult
public func poll(timeout: TimeInterval, interval: TimeInterval = 0.05, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(useconds_t(interval * 1_000_000))
    }
    return condition()
}
