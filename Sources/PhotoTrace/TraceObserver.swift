// Why this exists: the operations inspector reads the queues from the trace itself: every event passes through this in-process observer, which keeps the last 5,000 and folds every one into the session's counts, so the panel can never disagree with the trace.
import Foundation
import GLibRuntime
import PhotoFetching

/// One event as the observer saw it: its number in the session, its time and the event.
public struct ObservedEvent: Sendable {
    public let sequence: Int
    public let t: Double
    public let event: TraceEvent
}

/// What the events of the session add up to, per queue and in all.
public struct QueueCounts: Sendable, Equatable {
    public init() {}
    public var width = 0
    public var suspended = false
    /// Operations queued and not yet running, and running now.
    public var waiting = 0
    public var running = 0
    public var finished = 0
    public var cancelled = 0
    public var failed = 0
}

public struct SessionTotals: Sendable, Equatable {
    public init() {}
    public var bytes = 0
    public var requests = 0
    public var notModified = 0
    /// Rows' images by the cache level they came from (`image` events).
    public var hits: [ImageSource: Int] = [:]
    /// Download and filtration operations cancelled when scrolling stopped (rows that left the screen).
    public var cancelledByScrolling = 0
    /// From a row's first download being queued to its sepia image: total seconds and rows.
    public var appearToSepiaSeconds = 0.0
    public var appearToSepiaRows = 0
    public var meanAppearToSepiaMs: Double? { appearToSepiaRows > 0 ? appearToSepiaSeconds / Double(appearToSepiaRows) * 1000 : nil }
}

/// Thread-safe: `Trace.emit` calls `record` from any thread. Cheap per event (a lock, a slot in
/// the ring, a few integer updates); `onChange` is called at most once until `take` is next
/// called, so a reader on the frame clock is told once per frame whatever the event rate.
public final class TraceObserver: Sendable {
    public static let capacity = 5_000

    /// Everything it keeps, behind one lock (reached in place: the ring is never copied).
    private struct State {
        var ring: [ObservedEvent?] = Array(repeating: nil, count: TraceObserver.capacity)
        var next = 0
        var queues: [Stage: QueueCounts] = [:]
        var totals = SessionTotals()
        /// Operations waiting or running, by queue and row.
        var waitingKeys: Set<OperationKey> = []
        var runningKeys: Set<OperationKey> = []
        /// The queue whose operation last finished for a row (a failure that follows is that queue's).
        var lastFinished: [Int: Stage] = [:]
        var queuedAt: [Int: Double] = [:]
        var sourceByRow: [Int: ImageSource] = [:]
        var endingScroll = false
        var notified = false
        var changeHandler: (@Sendable () -> Void)?

        /// Under the lock: one event's effect on the counts.
        mutating func fold(_ event: TraceEvent, t: Double) {
            switch event {
            case .width(let queue, let width): queues[queue, default: QueueCounts()].width = width
            case .suspended(let queue): queues[queue, default: QueueCounts()].suspended = true
            case .resumed(let queue):
                queues[queue, default: QueueCounts()].suspended = false
                endingScroll = false
            case .queued(let queue, let row):
                let key = OperationKey(queue: queue, row: row)
                if waitingKeys.insert(key).inserted { queues[queue, default: QueueCounts()].waiting += 1 }
                if queue == .download, queuedAt[row] == nil { queuedAt[row] = t }
            case .started(let queue, let row):
                let key = OperationKey(queue: queue, row: row)
                if waitingKeys.remove(key) != nil { queues[queue, default: QueueCounts()].waiting -= 1 }
                if runningKeys.insert(key).inserted { queues[queue, default: QueueCounts()].running += 1 }
            case .finished(let queue, let row), .cancelled(let queue, let row):
                let key = OperationKey(queue: queue, row: row)
                if waitingKeys.remove(key) != nil { queues[queue, default: QueueCounts()].waiting -= 1 }
                if runningKeys.remove(key) != nil { queues[queue, default: QueueCounts()].running -= 1 }
                if case .finished = event {
                    queues[queue, default: QueueCounts()].finished += 1
                    lastFinished[row] = queue
                } else {
                    queues[queue, default: QueueCounts()].cancelled += 1
                    if endingScroll, Stage.rowStages.contains(queue) { totals.cancelledByScrolling += 1 }
                }
            case .state(let row, let state, _, _):
                if state == .failed, let queue = lastFinished.removeValue(forKey: row) { queues[queue, default: QueueCounts()].failed += 1 }
                if state == .filtered, let start = queuedAt.removeValue(forKey: row) {
                    totals.appearToSepiaSeconds += t - start
                    totals.appearToSepiaRows += 1
                }
                if state == .new || state == .failed { queuedAt[row] = nil }
            case .image(let row, let from, _):
                totals.hits[from, default: 0] += 1
                sourceByRow[row] = from
            case .evicted(let row): sourceByRow[row] = nil
            case .http(_, let status, let bytes):
                totals.requests += 1
                totals.bytes += bytes
                if status == 304 { totals.notModified += 1 }
            case .scrollEnd: endingScroll = true
            case .visible: endingScroll = false
            default: break
            }
        }
    }
    private let state = Locked(State())

    /// Told (on the emitting thread) that events arrived since the last `take`. Set from the
    /// main thread while workers emit: read and written under the lock.
    public var onChange: (@Sendable () -> Void)? {
        get { state.withLock { $0.changeHandler } }
        set { state.withLock { $0.changeHandler = newValue } }
    }

    struct OperationKey: Hashable { let queue: Stage; let row: Int }

    public init() {}

    public func record(_ event: TraceEvent, t: Double) {
        let notify: (@Sendable () -> Void)? = state.withLock { state in
            state.ring[state.next % Self.capacity] = ObservedEvent(sequence: state.next, t: t, event: event)
            state.next += 1
            state.fold(event, t: t)
            defer { state.notified = true }
            return state.notified ? nil : state.changeHandler
        }
        notify?()
    }

    /// The counts now, the events after `sequence` still in the ring (oldest first), and each
    /// row's image source; re-arms `onChange`.
    public func take(after sequence: Int) -> (queues: [Stage: QueueCounts], totals: SessionTotals, events: [ObservedEvent], sources: [Int: ImageSource]) {
        state.withLock { state in
            state.notified = false
            let first = max(sequence + 1, state.next - Self.capacity, 0)
            let events = first < state.next ? (first..<state.next).compactMap { state.ring[$0 % Self.capacity] } : []
            return (state.queues, state.totals, events, state.sourceByRow)
        }
    }

    /// The latest event's number (-1 before any).
    public var lastSequence: Int { state.withLock { $0.next - 1 } }
}
