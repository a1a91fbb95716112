// Why this exists: reads the app's --trace file (one JSON object a line) for tests and benchmarks.
import Foundation

public struct TraceEvent: @unchecked Sendable {
    public let fields: [String: Any]
    public init(fields: [String: Any]) { self.fields = fields }
    public var t: Double { fields["t"] as? Double ?? 0 }
    public var event: String { fields["event"] as? String ?? "" }
    public var row: Int? { fields["row"] as? Int }
    public var queue: String? { fields["queue"] as? String }
    public var state: String? { fields["state"] as? String }
    public var reason: String? { fields["reason"] as? String }
    public subscript(key: String) -> Any? { fields[key] }
}

public struct TraceLog {
    public let path: String
    public init(path: String) { self.path = path }

    /// Every complete line parsed so far.
    public var events: [TraceEvent] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return TraceEvent(fields: object)
        }
    }

    /// The latest state of each row.
    public var finalStates: [Int: TraceEvent] {
        var states: [Int: TraceEvent] = [:]
        for event in events where event.event == "state" { if let row = event.row { states[row] = event } }
        return states
    }

    /// Poll until `condition` holds on the events, or `timeout` passes.
    @discardableResult
    public func wait(timeout: TimeInterval, until condition: ([TraceEvent]) -> Bool) -> Bool {
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
