// Why this exists: Export Gallery as the app does long jobs: every row of the gallery (as it was when asked), or the rows chosen (a selection), written to a folder by operations on the export queue, fed a few at a time, counted as they end, stopped by Cancel or by a folder that can no longer be written.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import GalleryContents
import PhotoTrace

@MainActor
public final class GalleryExport {
    public struct Failure: Sendable, Equatable {
        public let row: Int
        public let name: String
        public let failure: StageFailure
        public var reason: String { failure.description }
    }

    public let folder: String
    /// The folder, opened once: every file is written relative to it.
    private let destination: ExportFolder
    public let format: ExportFormat
    public let sepia: Bool
    /// Whether each photo keeps its GPS and place names (the rest of its metadata is always kept).
    public let keepsLocation: Bool
    public let total: Int
    public private(set) var written = 0
    public private(set) var failures: [Failure] = []
    /// The files written, by row, in row order once it has ended (Copy of several photos hands them on).
    public private(set) var writtenFiles: [(row: Int, path: String)] = []
    /// Set once it has ended.
    public private(set) var ending: ExportEnding?
    public private(set) var stopReason: String?
    /// Why it stopped, as a value (for the user's language).
    public private(set) var stopFailure: StageFailure?
    /// When each of the last photos ended (uptime), for a time-left estimate that follows the current pace.
    private var endTimes: [Double] = []

    /// A photo was written or failed (on the main loop).
    /// The most bytes its files may take together (Copy's, in the runtime folder): the file that
    /// would pass it is removed, and the export stops there with the reason.
    public var byteLimit: Int?
    public private(set) var writtenBytes = 0
    public var onProgress: (() -> Void)?
    /// It ended (finished, cancelled or stopped).
    public var onEnded: (() -> Void)?

    private let gallery: PhotoGallery
    private var trace: Trace { gallery.trace }
    /// The gallery's rows when the export began (a copy that costs nothing: the store is copy-on-write).
    private let rows: ManifestRowStore
    private let manifestURL: URL
    private var names: ExportNames.Unique
    /// The rows to export, in order; nil: every row.
    private let chosen: [Int]?
    /// The file name given to each row queued.
    private var fileNames: [Int: String] = [:]
    private var next = 0
    private var pending: PendingOperations { gallery.pending }
    /// Operations queued at once: enough that the queue never waits for the main loop to feed it.
    private var window: Int { pending.exportQueue.maxConcurrentOperationCount * 2 }

    /// Fails when the folder cannot be opened and listed (its files' names are needed so none is
    /// overwritten). `rows`: only these rows (those of the gallery that exist), in order; nil: all.
    public init(gallery: PhotoGallery, folder: String, format: ExportFormat, sepia: Bool, keepsLocation: Bool = false,
                rows chosen: [Int]? = nil) throws(ExportFailure) {
        let taken: Set<String>
        do throws(AtomicFileError) {
            destination = try ExportFolder(path: folder)
            taken = try destination.names()
        } catch {
            throw .destination(error)
        }
        self.gallery = gallery
        self.folder = folder
        self.format = format
        self.sepia = sepia
        self.keepsLocation = keepsLocation
        rows = gallery.records.rows
        manifestURL = gallery.records.source
        let count = gallery.records.rows.count
        self.chosen = chosen.map { Array(Set($0.filter { $0 >= 0 && $0 < count })).sorted() }
        total = self.chosen?.count ?? rows.count
        names = ExportNames.Unique(taken: taken, format: format, sepia: sepia, windowsNames: destination.windowsNames)
    }

    public var failed: Int { failures.count }
    public var done: Int { written + failed }

    /// Seconds left at the pace of the last photos, once a few have ended.
    public var secondsLeft: Double? {
        guard ending == nil, endTimes.count >= 4, let first = endTimes.first, let last = endTimes.last, last > first else { return nil }
        let perPhoto = (last - first) / Double(endTimes.count - 1)
        return perPhoto * Double(total - done)
    }

    public func start() {
        trace.emit(.exportStarted(total: total, format: format, sepia: sepia))
        feed()
        if done == total { end(.finished) }
    }

    /// Cancel: running transfers are aborted and nothing more is started; it ends once every
    /// operation in flight has reported (a photo renamed into place just before counts as written).
    public func cancel() {
        guard ending == nil, stopping == nil else { return }
        stop(.cancelled)
    }

    /// Why it is stopping (`cancelled` or `stopped`), while operations in flight report.
    private var stopping: ExportEnding?

    private func stop(_ how: ExportEnding) {
        stopping = how
        for operation in pending.exportsInProgress.values { operation.cancel() }
        if pending.exportsInProgress.isEmpty { end(how) }
    }

    private func feed() {
        while ending == nil, stopping == nil, pending.exportsInProgress.count < window, next < total {
            queue(chosen?[next] ?? next)
            next += 1
        }
    }

    private func queue(_ row: Int) {
        let entry = rows.entry(row, manifest: manifestURL, localFiles: gallery.manifest.isUsersOwn)
        guard entry.problem == nil, let url = entry.url else {
            return record(Failure(row: row, name: entry.name, failure: StageFailure(entry.problem == nil ? .noAddress : .refusedAddress, entry.problem ?? Words("the photo has no address"))))
        }
        let name = names.name(for: entry.name)
        fileNames[row] = name
        let work = PhotoExport(gallery.source(of: url), to: ExportTarget(name: name, in: destination),
                               format: format, sepia: sepia, settings: gallery.settings, metadata: .keep(location: keepsLocation))
        let key = ImageKey(url: url.absoluteString, pixels: 0, variant: sepia ? ImageKey.sepia(gallery.settings.sepiaIntensity) : .original)
        let operation = PhotoOperation(row: row, key: key, work: work, trace: trace)
        operation.queuePriority = .low
        // Every operation reports, cancelled or not, so a cancel can wait for those in flight.
        operation.completion = { operation, done in
            MainLoop.invoke { [weak self] in
                self?.finish(operation, work, entry.name)
                done()
            }
        }
        pending.setInProgress(.export, row: row, operation)
        trace.emit(.queued(queue: .export, row: row))
        pending.exportQueue.addOperation(operation)
    }

    private func finish(_ operation: PhotoOperation, _ work: PhotoExport, _ name: String) {
        guard ending == nil, pending.exportsInProgress[operation.row] === operation else { return }
        pending.setInProgress(.export, row: operation.row, nil)
        switch operation.outcome {
        case .written?:
            trace.emit(.finished(queue: .export, row: operation.row))
            guard let name = fileNames[operation.row] else { break }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
            if let byteLimit, writtenBytes + bytes > byteLimit {
                unlink(path)
                let words = Words("the photos would take more than %1$s MB", "\(byteLimit >> 20)")
                stopReason = words.description
                stopFailure = StageFailure(.other, words)
                stop(.stopped)
                break
            }
            writtenBytes += bytes
            written += 1
            writtenFiles.append((operation.row, path))
            progressed()
        case .failed(let failure)? where stopping == nil:
            trace.emit(.finished(queue: .export, row: operation.row))
            record(Failure(row: operation.row, name: name, failure: failure))
            if case .destination(let error)? = work.failure.withLock({ $0 }), error.code != EEXIST {
                // The next photo would fail the same way (disk full, folder gone): stop, with the reason.
                stopReason = failure.description
                stopFailure = failure
                stop(.stopped)
            }
        default:
            // Cancelled (by Cancel, or by a stop), or failed while stopping: not counted.
            trace.emit(.cancelled(queue: .export, row: operation.row))
        }
        if let stopping {
            if pending.exportsInProgress.isEmpty { end(stopping) }
            return
        }
        feed()
        if done == total { end(.finished) }
    }

    private func record(_ failure: Failure) {
        failures.append(failure)
        progressed()
    }

    private func progressed() {
        endTimes.append(ProcessInfo.processInfo.systemUptime)
        if endTimes.count > 20 { endTimes.removeFirst() }
        trace.emit(.exportProgress(written: written, failed: failed, total: total))
        onProgress?()
    }

    private func end(_ how: ExportEnding) {
        guard ending == nil else { return }
        ending = how
        writtenFiles.sort { $0.row < $1.row }
        // Its helpers run below the list's; none is kept idle once it has ended.
        gallery.decoders.pool?.stopIdleExportHelpers()
        trace.emit(.exportEnded(written: written, failed: failed, total: total, outcome: how, reason: stopReason))
        onEnded?()
    }
}
