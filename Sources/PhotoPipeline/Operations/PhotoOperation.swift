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

/// Base class of the two operations. No KVO on Linux, so the result sits behind a lock.
/// Subclasses override `work()`; `main()` checks `isCancelled` before and after it,
/// and `cancel()` also cancels the subclass's in-flight I/O.
public class PhotoOperation: Operation, @unchecked Sendable {
    public let row: Int
    public let stage: Stage
    private let lock = NSLock()
    private var storedResult: StageResult?

    init(row: Int, stage: Stage) {
        self.row = row
        self.stage = stage
        super.init()
        name = "\(stage.rawValue) row \(row)"
    }

    /// Set once `main()` produced something; nil when cancelled or not yet run.
    public var result: StageResult? { lock.withLock { storedResult } }

    func setResult(_ result: StageResult) { lock.withLock { storedResult = result } }

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
