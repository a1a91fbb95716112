// Why this exists: the records of one opened gallery and their pending operations; results from workers are applied here, on the main loop.
import Foundation
import MetadataValues
import PhotoDecoding
import Synchronization
import GLibRuntime
import PhotoFetching
import GalleryContents
import PhotoTrace

/// The tutorial's list controller without the UI: it owns the records and the pending
/// operations, starts work for rows (see PhotoGallery+StartOperations.swift), and applies
/// results on the GLib main loop. The UI learns of changes through `rowChanged`.
/// Decoded images live in the memory cache (PhotoGallery+Memory.swift); rows that want the
/// same image share one operation.
@MainActor
public final class PhotoGallery {
    /// Where the gallery came from, its name and format (its rows are in `records`).
    public let manifest: Manifest
    public let records: RecordStore
    public let pending: PendingOperations
    public var settings: PipelineSettings
    /// Where its photos are decoded: the app's sandboxed helpers, handed over at start-up.
    public let decoders: Decoders
    let fetcher: ResourceFetcher
    /// The memory level of the cache (shared by every gallery the app opens).
    public let memory: MemoryCache
    /// The disk levels.
    let caches: DiskCaches
    /// Which addresses this gallery's photos may come from: the manifest's origin, or `.local`
    /// (anywhere) once the user allowed it to reach the local network.
    public var access: AddressSpace
    /// Where its work and its rows' states are said (the app's trace, handed over at start-up).
    public let trace: Trace

    /// On the main loop, after a row's record changed state or image, or its work started or stopped.
    public let rowChanged = Listeners<Int>()
    /// The marks of the folder's photos that have any, by path (a share's: by URI), as last read (`PhotoGallery+Marks`).
    public var marksByPath: [String: PhotoMarks] = [:]
    /// Each JPEG's RAW companion, by their paths: one photo, the JPEG's row (`PhotoGallery+Pairs`).
    public var companionsByPath: [String: String] = [:]
    /// On the main loop, when one of a row's operations starts running.
    public let operationStarted = Listeners<Int>()
    /// On the main loop, the first time a row of this gallery is refused by private network
    /// access for each space it was refused (the window asks the user about it).
    public let blocked = Listeners<AddressSpace>()
    /// Which rows are wanted, and at what priority: the scroll scheduler's rules, held weakly (the
    /// window that owns the scheduler owns the gallery); without one, every row.
    private weak var demandSource: RowDemand?
    var demand: RowDemand { demandSource ?? everyRow }
    private let everyRow = EveryRow()
    var reportedBlocked: Set<AddressSpace> = []

    /// The photos holding each image now (an eviction finds them here).
    var photosWithImage: [ImageKey: Set<PhotoID>] = [:]
    /// Rows bound to a view now (their records must stay the same objects).
    var boundRows: Set<Int> = []
    /// Rows on screen and in the prefetch band: their images are never evicted.
    public internal(set) var pinnedRows: Set<Int> = []
    /// When each photo's running operation started (system uptime), while it runs.
    var startTimes: [PhotoID: Double] = [:]
    /// The viewer open on this gallery, if any: an edit applied here is applied there too.
    weak var openViewer: PhotoViewer?
    /// Files Rotate turned, by URL, as it left them (`applyTurn`): their report reloads nothing.
    var turnedInMemory: [String: FileStamp] = [:]
    /// Rate and Flag's writes, by URL (`PhotoGallery+Marks`): their reports reload nothing.
    var markWrites = OwnMarkWrites()
    /// The reports that came while a write of their file was under way: the row and the file as
    /// reported, by URL, judged once the write has ended.
    var reportsAfterTheWrite: [String: (row: Int, stamp: FileStamp?)] = [:]

    public init(manifest: Manifest, settings: PipelineSettings, decoders: Decoders, fetcher: ResourceFetcher,
                memory: MemoryCache, caches: DiskCaches = .none, demand: RowDemand? = nil, trace: Trace) {
        self.manifest = manifest
        self.trace = trace
        self.decoders = decoders
        self.settings = settings
        self.fetcher = fetcher
        self.memory = memory
        self.caches = caches
        demandSource = demand
        access = manifest.origin
        records = RecordStore(rows: manifest.rows, source: manifest.source, localFiles: manifest.isUsersOwn)
        rowCountForTrace.store(manifest.count, ordering: .relaxed)
        pending = PendingOperations(downloadConcurrency: settings.downloadConcurrency,
                                    filtrationConcurrency: settings.filtrationConcurrency, trace: trace)
        memory.observeEvictions(by: self) { [weak self] key in self?.evicted(key) }
        // A row whose entry is unusable fails as soon as it is made (bound or started).
        records.onMade = { [trace] record in
            if record.state == .failed { trace.emit(.state(row: record.row, state: .failed, reason: record.failureReason ?? "", code: record.failure?.code)) }
        }
    }

    public var count: Int { records.count }

    /// More rows arrived (a big manifest is still being parsed).
    public func append(_ batch: ManifestRows) {
        records.append(batch)
        rowCountForTrace.store(records.count, ordering: .relaxed)
    }

    /// The list bound or unbound a row's view. An unbound row that holds nothing of its own
    /// (waiting, idle, no failure) gives its record up: it is made again when wanted.
    public func rowBound(_ row: Int) { boundRows.insert(row) }
    public func rowUnbound(_ row: Int) {
        boundRows.remove(row)
        forgetIfIdle(row)
    }

    func forgetIfIdle(_ row: Int) {
        guard let record = records.existing(row), record.state == .new, record.image == nil, !isBusy(row),
              !boundRows.contains(row), !pinnedRows.contains(row) else { return }
        records.forget(row)
    }

    /// Give a record its image (original or sepia), keeping the index of rows by image.
    func setImage(_ image: Thumbnail, key: ImageKey, filtered: Bool, on record: PhotoRecord) {
        clearImage(of: record)
        if filtered { record.markFiltered(image, key: key) } else { record.markDownloaded(image, key: key) }
        photosWithImage[key, default: []].insert(record.id)
    }

    /// Take the record out of the index before its image goes (reset, failure).
    func clearImage(of record: PhotoRecord) {
        guard let key = record.imageKey else { return }
        photosWithImage[key]?.remove(record.id)
        if photosWithImage[key]?.isEmpty == true { photosWithImage[key] = nil }
    }

    /// Traced so tests can see that a replaced gallery (another manifest opened, or a reload)
    /// is freed with its records and thumbnails, not kept alive by a retain cycle.
    deinit {
        trace.emit(.galleryFreed(rows: rowCountForTrace.load(ordering: .relaxed)))
    }
    /// The row count, readable from deinit (which runs outside the main actor).
    let rowCountForTrace = Atomic<Int>(0)

    /// Where a photo of this gallery comes from, and its limits: the gallery's fetcher, caches,
    /// settings and the addresses it may reach now.
    /// `byteLimit`: at most this many bytes read (the settings' `imageByteLimit` when nil).
    public func source(of url: URL, caches: DiskCaches? = nil, byteLimit: Int? = nil) -> PhotoSource {
        PhotoSource(url: url, fetcher: fetcher, caches: caches ?? self.caches, origin: access,
                    pixelLimit: settings.pixelLimit, byteLimit: byteLimit ?? settings.imageByteLimit, decoders: decoders, trace: trace)
    }

    func operationStarted(_ operation: PhotoOperation, at time: Double) {
        for photo in operation.subscribers where pending.inProgress(operation.stage)[photo] === operation {
            startTimes[photo] = time
            if let row = records.row(of: photo) { operationStarted.emit(row) }
        }
    }

    /// Cancel and forget the operations of one row (the tutorial's cancel of off-screen rows).
    /// An operation other rows still wait for goes on for them; it is cancelled (its transfer
    /// aborted) only when no row wants it any more.
    public func cancelOperations(for row: Int) {
        guard let photo = records.existing(row)?.id else { return }
        for stage in Stage.rowStages {
            guard let operation = pending.inProgress(stage)[photo] else { continue }
            pending.setInProgress(stage, photo: photo, nil)
            startTimes[photo] = nil
            if operation.unsubscribe(photo) {
                operation.cancel()
                pending.forget(operation)
            }
            trace.emit(.cancelled(queue: stage, row: row))
            rowChanged.emit(row)
        }
    }

    /// Cancel everything (closing the gallery or reloading it).
    public func cancelAll() {
        for row in rowsInProgress { cancelOperations(for: row) }
    }

    /// Reload one failed row: back to `new`, then start it.
    public func retry(row: Int) {
        guard records.indices.contains(row), records[row].state == .failed,
              records.entry(row).problem == nil else { return }
        clearImage(of: records[row])
        records[row].reset()
        rowChanged.emit(row)
        startOperations(for: row, priority: demand.priority(of: row))
    }

    /// Rows that failed because private network access refused them.
    public var blockedRows: [Int] {
        records.existingRecords.filter { $0.state == .failed && $0.failure?.refusal != nil }.map(\.row).sorted()
    }

    /// Let this gallery reach `space` (the user allowed it; allowing this computer allows the
    /// local network too): rows it refused for that reason go back to waiting, and those on
    /// screen start again.
    public func allow(_ space: AddressSpace) {
        access = min(access, space)
        reportedBlocked = reportedBlocked.filter { !access.mayReach($0) }
        for row in blockedRows {
            guard let target = records[row].failure?.refusal?.target, access.mayReach(target) else { continue }
            clearImage(of: records[row])
            records[row].reset()
            rowChanged.emit(row)
            if demand.isWanted(row) { startOperations(for: row, priority: demand.priority(of: row)) }
        }
    }
}
