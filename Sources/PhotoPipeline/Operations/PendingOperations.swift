// Why this exists: the tutorial's PendingOperations: a named queue and an in-progress map for each stage (the list's by photo, the viewer's and an export's by row), and suspend/resume.
import Foundation
import PhotoFetching
import GalleryContents
import PhotoTrace

@MainActor
public final class PendingOperations {
    public let downloadQueue = OperationQueue()
    public let filtrationQueue = OperationQueue()
    /// The viewer's full-size loads (never suspended by scrolling the list).
    public let viewerQueue = OperationQueue()
    /// Photos written to files (Save As, Export Gallery): as wide as the cores, below the list's
    /// work. While the user scrolls its new photos wait (`pauseExports`); nothing else stops it.
    public let exportQueue = OperationQueue()
    /// The list's work, by the photo it is for: a folder's change moves no entry.
    public var downloadsInProgress: [PhotoID: PhotoOperation] = [:]
    public var filtrationsInProgress: [PhotoID: PhotoOperation] = [:]
    /// The viewer's loads, by the row it shows (the viewer follows a folder's change itself).
    public var viewersInProgress: [Int: PhotoOperation] = [:]
    /// A gallery's export, by row (Save As runs its one operation outside the map).
    public var exportsInProgress: [Int: PhotoOperation] = [:]
    /// One gate per queue the list suspends, closed while it is suspended.
    public let downloadGate = StartGate()
    public let filtrationGate = StartGate()
    /// The export queue's width while the list is still; while its queues are suspended (a
    /// listing held, a rest not yet laid out) the export runs one at a time, so one core stays
    /// free for the frames.
    private var exportWidth: Int
    /// The operation making each image, whichever rows wait for it (one download per URL).
    private var byKey: [Stage: [ImageKey: PhotoOperation]] = [:]

    /// Where the queues' widths and suspensions are said.
    private let trace: Trace

    public init(downloadConcurrency: Int, filtrationConcurrency: Int, trace: Trace) {
        self.trace = trace
        downloadQueue.name = "Download queue"
        downloadQueue.maxConcurrentOperationCount = max(1, downloadConcurrency)
        filtrationQueue.name = "Image Filtration queue"
        filtrationQueue.maxConcurrentOperationCount = max(1, filtrationConcurrency)
        viewerQueue.name = "Viewer queue"
        // The photo shown and its two neighbours; each decode uses every core for its sepia.
        viewerQueue.maxConcurrentOperationCount = 2
        exportQueue.name = "Export queue"
        exportWidth = max(1, ProcessInfo.processInfo.activeProcessorCount)
        exportQueue.maxConcurrentOperationCount = exportWidth
        for stage in Stage.allCases { trace.emit(.width(queue: stage, width: queue(for: stage).maxConcurrentOperationCount)) }
    }

    /// Change a queue's width now (the inspector): `maxConcurrentOperationCount` takes effect at
    /// once for operations not yet started.
    public func setWidth(_ stage: Stage, _ width: Int) {
        let width = max(1, width)
        if stage == .export {
            exportWidth = width
            if isSuspended { return }
        }
        guard queue(for: stage).maxConcurrentOperationCount != width else { return }
        queue(for: stage).maxConcurrentOperationCount = width
        trace.emit(.width(queue: stage, width: width))
    }

    /// Suspended by hand (the inspector): scrolling no longer resumes the queues until released.
    public var suspendedByHand = false {
        didSet {
            guard suspendedByHand != oldValue else { return }
            setSuspended(suspendedByHand)
        }
    }

    /// The gate of a queue the list suspends (the viewer's queue has none).
    public func gate(for stage: Stage) -> StartGate? {
        switch stage {
        case .download: return downloadGate
        case .filtration: return filtrationGate
        case .viewer, .export: return nil
        }
    }

    public func queue(for stage: Stage) -> OperationQueue {
        switch stage {
        case .download: return downloadQueue
        case .filtration: return filtrationQueue
        case .viewer: return viewerQueue
        case .export: return exportQueue
        }
    }

    /// One generic accessor for the list's two maps, so start, finish and cancel have a single
    /// code path (the viewer's and an export's maps are theirs).
    public func inProgress(_ stage: Stage) -> [PhotoID: PhotoOperation] {
        switch stage {
        case .download: return downloadsInProgress
        case .filtration: return filtrationsInProgress
        case .viewer, .export: return [:]
        }
    }

    func setInProgress(_ stage: Stage, photo: PhotoID, _ operation: PhotoOperation?) {
        switch stage {
        case .download: downloadsInProgress[photo] = operation
        case .filtration: filtrationsInProgress[photo] = operation
        case .viewer, .export: preconditionFailure("the viewer's and an export's operations are kept by row")
        }
    }

    func setInProgress(_ stage: Stage, row: Int, _ operation: PhotoOperation?) {
        switch stage {
        case .viewer: viewersInProgress[row] = operation
        case .export: exportsInProgress[row] = operation
        case .download, .filtration: preconditionFailure("the list's operations are kept by photo")
        }
    }

    /// A folder changed: the viewer's loads follow their rows to their new positions (the
    /// gallery cancelled those of rows that went first). The list's work is kept by photo, and
    /// stays as it is.
    func moveViewerLoads(_ change: FolderChange) {
        var moved: [Int: PhotoOperation] = [:]
        for (row, operation) in viewersInProgress {
            guard let position = change.position(of: row) else { continue }
            operation.moveRow(to: position)
            moved[position] = operation
        }
        viewersInProgress = moved
    }

    /// The operation already making `key` for `stage`, if any.
    func shared(_ stage: Stage, _ key: ImageKey) -> PhotoOperation? { byKey[stage]?[key] }

    func setShared(_ stage: Stage, _ key: ImageKey, _ operation: PhotoOperation?) {
        if let operation { byKey[stage, default: [:]][key] = operation } else { byKey[stage]?[key] = nil }
    }

    /// Forget `operation` as the maker of its key (when it ended or nobody wants it).
    func forget(_ operation: PhotoOperation) {
        if byKey[operation.stage]?[operation.key] === operation { byKey[operation.stage]?[operation.key] = nil }
    }

    /// Photos with a download or filtration in progress (the viewer's loads are its own).
    public var photosInProgress: Set<PhotoID> { Set(downloadsInProgress.keys).union(filtrationsInProgress.keys) }

    public var isSuspended: Bool { downloadQueue.isSuspended }

    /// While the user scrolls, an export's new photos wait (those running go on), so the frames
    /// and the list have both cores: on two, an export's encoding holding one made frames late
    /// (BENCHMARKS.md, issue 58's sixth figures). The scroll's end resumes it at once. The
    /// inspector's suspension never stops an export: only a scroll, which always ends, does.
    public func pauseExports(_ paused: Bool) {
        guard exportQueue.isSuspended != paused else { return }
        exportQueue.isSuspended = paused
        trace.emit(paused ? .suspended(queue: .export) : .resumed(queue: .export))
    }

    /// The tutorial's suspendAllOperations: queued operations wait; running ones go on.
    public func suspendAll() { setSuspended(true) }
    /// The tutorial's resumeAllOperations.
    public func resumeAll() { if !suspendedByHand { setSuspended(false) } }

    private func setSuspended(_ suspended: Bool) {
        exportQueue.maxConcurrentOperationCount = suspended ? 1 : exportWidth
        for stage in Stage.rowStages where queue(for: stage).isSuspended != suspended {
            // Closed before the queue is suspended, so work it already handed out waits too.
            if suspended { gate(for: stage)?.close() } else { gate(for: stage)?.open() }
            queue(for: stage).isSuspended = suspended
            trace.emit(suspended ? .suspended(queue: stage) : .resumed(queue: stage))
        }
    }
}
