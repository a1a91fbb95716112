// Why this exists: what ImageDownloader and ImageFiltration share: a row, a stage, a lock-guarded result, and cancellation.
import Foundation

/// The two stages of the tutorial's pipeline; each has its own queue and in-progress map.
public enum Stage: String, Sendable, CaseIterable {
    case download
    case filtration
}

/// What an operation produced: an image, or a reason it failed.
public enum StageResult: Sendable {
    case image(Thumbnail)
    case failure(String)
}

/// Base class of the two operations. No KVO on Linux, so state sits behind a lock.
/// Subclasses override `work()`; `main()` checks `isCancelled` before and after it,
/// and `cancel()` also cancels the subclass's in-flight I/O.
///
/// The operations are asynchronous: each runs on a thread of its own, not on libdispatch's
/// pool. A download blocks in libsoup for as long as the network takes, and on this 2-core
/// machine the pool ran only 2 or 3 blocking operations at once, whatever the queue's width
/// (measured: 12 × 200 ms blocking operations at width 6 took 0.80 s on the pool, 0.41 s on
/// own threads). The queue still decides when each starts, so width, priority, suspension
/// and cancellation behave as the tutorial expects.
public class PhotoOperation: Operation, @unchecked Sendable {
    public let row: Int
    public let stage: Stage
    private let lock = NSLock()
    private var storedResult: StageResult?
    private var executing = false
    private var finished = false

    init(row: Int, stage: Stage) {
        self.row = row
        self.stage = stage
        super.init()
        name = "\(stage.rawValue) row \(row)"
    }

    /// Set once `main()` produced something; nil when cancelled or not yet run.
    public var result: StageResult? { lock.withLock { storedResult } }

    func setResult(_ result: StageResult) { lock.withLock { storedResult = result } }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { lock.withLock { executing } }
    public override var isFinished: Bool { lock.withLock { finished } }

    /// Called by the queue when it is this operation's turn.
    public override func start() {
        if isCancelled { return markFinished() }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
        let thread = Thread { [self] in
            Self.yieldToTheMainThread()
            main()
            markFinished()
        }
        thread.name = name
        thread.start()
    }

    /// Workers run at a lower scheduling priority (nice 10) than the GTK thread: on 2 cores,
    /// six decoding threads at equal priority took the CPU from the main loop for 150 ms at a
    /// time while the user scrolled (measured by the responsiveness benchmark).
    static func yieldToTheMainThread() {
        #if os(Linux)
        // On Linux, PRIO_PROCESS with id 0 sets the nice value of the calling thread only.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
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
    }

    public override func main() {
        if isCancelled { return }
        Trace.shared.emit("started", ["queue": stage.rawValue, "row": row])
        let outcome = work()
        if isCancelled { return }
        if let outcome { setResult(outcome) }
    }

    /// The stage's work, on a worker thread. Return nil when it stopped because of cancellation.
    func work() -> StageResult? { fatalError("subclasses implement work()") }
}
