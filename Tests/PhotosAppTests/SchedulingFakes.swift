// Why this exists: the stand-ins the scheduling unit tests drive: a clock the test moves, a list whose screen the test sets, and a gallery that records what the scheduler asked of it.
@testable import GalleryViews
import Foundation
import PhotoPipeline
@testable import PhotosApp

/// Time stands still until the test moves it; timers fire in order as it passes them.
@MainActor
final class ManualClock: SchedulerClock {
    final class Timer: ScheduledTimer {
        let due: Double
        let action: @MainActor () -> Void
        var live = true
        init(due: Double, action: @escaping @MainActor () -> Void) { self.due = due; self.action = action }
        func cancel() { live = false }
    }

    private(set) var now = 1000.0
    private var timers: [Timer] = []

    func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = Timer(due: now + Double(milliseconds) / 1000, action: action)
        timers.append(timer)
        return timer
    }

    /// Move time on, firing each timer that comes due, earliest first.
    func advance(milliseconds: Double) {
        let end = now + milliseconds / 1000
        while let next = timers.filter({ $0.live && $0.due <= end }).min(by: { $0.due < $1.due }) {
            now = next.due
            next.live = false
            next.action()
        }
        timers.removeAll { !$0.live }
        now = end
    }
}

/// A list whose rows on screen the test sets; GTK's layout pass happens when the test says so.
@MainActor
final class FakeList: OnscreenList {
    var onScreen: [Int] = []
    private(set) var layoutRequested = false
    let layoutDone = Listeners<Void>()
    let resized = Listeners<Void>()
    let rowBound = Listeners<Int>()
    let rowChanged = Listeners<Int>()

    func visibleRows() -> [Int] { onScreen }
    func requestLayout() { layoutRequested = true }
    func revealRowsBelow(_ visible: [Int]) {}

    /// The frame clock lays the list out and paints it (every frame, asked for or not).
    func layOut() {
        layoutRequested = false
        layoutDone.emit()
    }
}

/// Records what the scheduler asked, in order, and keeps rows in progress as the real gallery
/// does: a load cancels what it does not want and starts the rows it names.
@MainActor
final class FakeGallery: ScheduledGallery {
    enum Call: Equatable {
        case suspend, resume
        case load(visible: [Int], prefetch: [Int])
    }

    let count: Int
    let operationStarted = Listeners<Int>()
    /// What the gallery asks (the scheduler, as the real gallery is given it when made).
    weak var demand: RowDemand?
    private(set) var calls: [Call] = []
    private(set) var suspended = false
    private(set) var pinned: Set<Int> = []
    /// Rows with work queued or running, and the priority they were started at.
    private(set) var inProgress: [Int: Operation.QueuePriority] = [:]
    private(set) var cancelled: [Int] = []
    /// Rows whose work is done (filtered or failed).
    var done: Set<Int> = []
    /// Rows whose work is running, and since when.
    var running: [Int: Double] = [:]

    init(count: Int) { self.count = count }

    var loads: [Call] { calls.filter { if case .load = $0 { return true } else { return false } } }

    func suspendQueues() { suspended = true; calls.append(.suspend) }
    func resumeQueues() { suspended = false; calls.append(.resume) }
    /// Whether an export's new photos wait, and each change asked, in order (kept apart from `calls`).
    private(set) var exportsPaused = false
    private(set) var exportPauses: [Bool] = []
    func pauseExports(_ paused: Bool) { exportsPaused = paused; exportPauses.append(paused) }
    func pin(_ rows: Set<Int>) { pinned = rows }

    @discardableResult
    func loadImagesForOnscreenRows(visible: [Int], prefetch: [Int]) -> [Int] {
        calls.append(.load(visible: visible, prefetch: prefetch))
        let wanted = Set(visible).union(prefetch)
        let dropped = inProgress.keys.filter { !wanted.contains($0) }.sorted()
        for row in dropped { inProgress[row] = nil; running[row] = nil }
        cancelled += dropped
        for row in visible + prefetch where inProgress[row] == nil && !done.contains(row) { inProgress[row] = demand?.priority(of: row) ?? .normal }
        return dropped
    }

    func unsettled(_ rows: [Int]) -> [Int] { rows.filter { !done.contains($0) } }
    func runningSince(_ row: Int) -> Double? { running[row] }

    /// The row's work finished.
    func finish(_ row: Int) {
        done.insert(row)
        inProgress[row] = nil
        running[row] = nil
    }
}
