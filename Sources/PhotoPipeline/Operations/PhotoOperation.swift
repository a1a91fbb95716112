// Why this exists: the one Operation subclass: a row, a stage and the work it runs (a downloader or a filter), with a lock-guarded outcome and cancellation that reaches the I/O.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import GalleryContents
import PhotoTrace

/// An operation is composed from its work (as Nuke composes its tasks), not subclassed, so no
/// stage can forget to implement it. No KVO on Linux, so state sits behind a lock.
///
/// The operations are asynchronous: each runs on a thread of its own, not on libdispatch's
/// pool. A download blocks in libsoup for as long as the network takes, and on this 2-core
/// machine the pool ran only 2 or 3 blocking operations at once, whatever the queue's width
/// (measured: 12 × 200 ms blocking operations at width 6 took 0.80 s on the pool, 0.41 s on
/// own threads). The queue still decides when each starts, so width, priority, suspension
/// and cancellation behave as the tutorial expects.
/// (@unchecked Sendable: Operation's own state is Foundation's, behind its lock; ours is behind `lock`.)
public final class PhotoOperation: Operation, @unchecked Sendable {
    /// The row it was made for (its name says so); a list operation serves `subscribers`, the
    /// photos waiting on it, wherever their rows are now (the viewer's and an export's serve
    /// their row, which their owner follows: `moveRow`).
    public var row: Int { lock.withLock { currentRow } }
    private var currentRow: Int
    /// What it makes: rows that want the same image share one operation (one download, one decode).
    public let key: ImageKey
    public let work: any StageWork
    /// Each photo waiting, and how urgently (its row on screen, or in the prefetch band).
    private var subscriberPhotos: [PhotoID: Operation.QueuePriority]
    /// How urgently another operation waits on this one (the viewer's load on a row's download).
    private var dependentPriority: Operation.QueuePriority?
    /// Where the subscribers' rows are now (nil: the operation serves `row`).
    private let directory: RowDirectory?
    /// Where its start is said.
    private let trace: Trace
    public var stage: Stage { work.stage }
    private let cancellable = Cancellable()
    private let lock = NSLock()
    private var storedOutcome: StageOutcome?
    private var executing = false
    private var finished = false
    /// Operations that wait on this one, held until it has told its queue it finished: on Linux,
    /// Foundation keeps an operation's dependents unretained and reads each one as it finishes,
    /// so a dependent freed first (a viewer's load cancelled while the row's download still ran)
    /// was read after it was freed, and the app crashed (seen under load).
    private var heldDependents: [Operation] = []
    private var dependentsReleased = false

    /// Called on the worker thread when the operation starts running (not when it is queued).
    let onStarted: (@Sendable (PhotoOperation) -> Void)?
    /// Closed while its queue is suspended: work the queue handed out just before the suspension
    /// waits here instead of starting while the user scrolls.
    let gate: StartGate?
    /// The operation's completion: called on its worker thread once `main` has returned, with a
    /// `done` to call once the result has been applied (on the main loop). Only then is the
    /// queue told the operation finished and may it start the next one, so the trace never shows
    /// more operations running than the queue's width (Foundation's `completionBlock` runs after
    /// the queue has moved on). Set before the operation is queued; without one, the operation
    /// finishes as `main` returns.
    public var completion: (@Sendable (PhotoOperation, _ done: @escaping @Sendable () -> Void) -> Void)?

    /// `photo`: the photo a list operation is made for, its rows found in `directory`; nil for
    /// the viewer's and an export's, which serve `row`.
    public init(row: Int, photo: PhotoID? = nil, directory: RowDirectory? = nil, key: ImageKey, work: any StageWork,
                gate: StartGate? = nil, trace: Trace, onStarted: (@Sendable (PhotoOperation) -> Void)? = nil) {
        self.trace = trace
        currentRow = row
        self.directory = photo == nil ? nil : directory
        self.key = key
        self.work = work
        subscriberPhotos = photo.map { [$0: .normal] } ?? [:]
        self.gate = gate
        self.onStarted = onStarted
        super.init()
        name = "\(work.stage.rawValue) row \(row)"
    }

    /// Wait for `dependency` (`addDependency`), which holds this operation until it finishes.
    public func waitFor(_ dependency: PhotoOperation) {
        dependency.lock.withLock { if !dependency.dependentsReleased { dependency.heldDependents.append(self) } }
        addDependency(dependency)
    }

    /// The photos waiting for this operation's result.
    public var subscribers: Set<PhotoID> { lock.withLock { Set(subscriberPhotos.keys) } }

    /// `photo` waits for the result at `priority` (it joins, or its row became more or less
    /// urgent). Until it runs, the operation takes the highest priority of all that wait on it,
    /// as Nuke's shared tasks do.
    func want(_ photo: PhotoID, at priority: Operation.QueuePriority) {
        settle(lock.withLock { subscriberPhotos[photo] = priority; return highestWish })
    }

    /// Another operation waits on this one at `priority` (never lowered by the photos' wishes).
    func wantedByDependent(at priority: Operation.QueuePriority) {
        settle(lock.withLock {
            if priority.rawValue > (dependentPriority?.rawValue ?? Int.min) { dependentPriority = priority }
            return highestWish
        })
    }

    /// `photo` no longer waits; the rest keep their priority. Returns true when no photo wants
    /// the result any more.
    func unsubscribe(_ photo: PhotoID) -> Bool {
        let (empty, wish) = lock.withLock { () -> (Bool, Operation.QueuePriority?) in
            subscriberPhotos[photo] = nil
            return (subscriberPhotos.isEmpty, highestWish)
        }
        if !empty { settle(wish) }
        return empty
    }

    /// (Under `lock`.)
    private var highestWish: Operation.QueuePriority? {
        (Array(subscriberPhotos.values) + [dependentPriority].compactMap { $0 }).max { $0.rawValue < $1.rawValue }
    }

    /// Its priority becomes `wish`, while the queue has not started it (after that it means nothing).
    private func settle(_ wish: Operation.QueuePriority?) {
        guard let wish, !isExecuting, !isFinished, queuePriority != wish else { return }
        queuePriority = wish
    }
    /// The viewer's or an export's row moved (a folder changed).
    func moveRow(to row: Int) { lock.withLock { currentRow = row } }

    /// Set once `main()` ran to its end; nil when it never ran.
    public var outcome: StageOutcome? { lock.withLock { storedOutcome } }

    /// Cancelling also cancels the work's in-flight I/O.
    public override func cancel() {
        super.cancel()
        cancellable.cancel()
        gate?.wakeWaiters()
    }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { lock.withLock { executing } }
    public override var isFinished: Bool { lock.withLock { finished } }

    /// The completion the gallery and the viewer give their operations: nothing once cancelled;
    /// otherwise `apply` the result on the GLib main loop, then let the queue move on.
    public func completeOnMainLoop(_ apply: @escaping @MainActor @Sendable (PhotoOperation) -> Void) {
        completion = { operation, done in
            guard !operation.isCancelled else { return done() }
            MainLoop.invoke {
                apply(operation)
                done()
            }
        }
    }

    /// Called by the queue when it is this operation's turn.
    public override func start() {
        // Cancelled before it ran: its completion still hears of it (with no outcome), so whoever
        // counts operations in flight (an export being cancelled) sees every one end.
        if isCancelled {
            if let completion { completion(self) { self.markFinished() } } else { markFinished() }
            return
        }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
        let thread = Thread { [self] in
            BackgroundPriority.lowerCurrentThread()
            // Past the gate (or cancelled at it), and `started` traced before the gate can close
            // again: a suspension (scrolling) never falls between the two.
            if let gate { _ = gate.pass(abandon: { isCancelled }, then: traceStarted) } else if !isCancelled { traceStarted() }
            main()
            if let completion { completion(self) { self.markFinished() } } else { markFinished() }
        }
        thread.name = name
        thread.start()
    }

    /// The work begins: traced for every row it serves, and the gallery told (on its thread).
    private func traceStarted() {
        let rows = directory.map { $0.rows(of: subscribers) } ?? [row]
        for row in rows { trace.emit(.started(queue: stage, row: row)) }
        onStarted?(self)
    }

    public override func main() {
        if isCancelled { return }
        let result = work.run(WorkContext(cancellable: cancellable))
        // A cancel that came after the work's last check does not unwrite a file: a written
        // result is kept (an export counts it, as the file is there), anything else is dropped.
        lock.withLock {
            if case .written = result { storedOutcome = result } else { storedOutcome = isCancelled ? .cancelled : result }
        }
    }

    /// Tell the queue (through the KVO-named notifications Foundation's queue observes on Linux).
    private func markFinished() {
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        lock.withLock {
            executing = false
            finished = true
        }
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
        // Foundation has read its dependents: they may go now (outside the lock, their last release).
        let dependents = lock.withLock {
            dependentsReleased = true
            defer { heldDependents = [] }
            return heldDependents
        }
        withExtendedLifetime(dependents) {}
    }
}
