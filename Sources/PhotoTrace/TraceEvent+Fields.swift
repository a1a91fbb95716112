// Why this exists: the fields many readers of the trace want from an event, whatever its kind: the row it is about, its queue, the rows it names.

extension TraceEvent {
    /// The row an operation or state event is about.
    public var row: Int? {
        switch self {
        case .queued(_, let row), .started(_, let row), .finished(_, let row), .cancelled(_, let row), .state(let row, _, _, _),
             .image(let row, _, _), .evicted(let row), .turnApplied(let row, _), .turnKept(let row), .viewer(let row, _), .fullImage(let row, _, _, _, _, _), .viewerFailed(let row, _, _), .animation(let row, _, _, _),
             .dependency(let row, _), .saved(let row, _, _, _, _), .copied(let row, _, _, _), .printed(let row, _, _, _), .background(let row, _, _, _, _): return row
        default: return nil
        }
    }

    /// The queue an operation event is about.
    public var queue: Stage? {
        switch self {
        case .queued(let queue, _), .started(let queue, _), .finished(let queue, _), .cancelled(let queue, _),
             .suspended(let queue), .resumed(let queue), .width(let queue, _): return queue
        default: return nil
        }
    }

    /// A first-and-last row range (visible, scroll-end, expected-screen).
    public var range: ClosedRange<Int>? {
        switch self {
        case .visible(let rows), .scrollEnd(let rows), .expectedScreen(let rows): return rows.count == 2 ? rows[0]...rows[1] : nil
        default: return nil
        }
    }
}
