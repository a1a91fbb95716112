// Why this exists: reads the facts a folder's order and filter need (dates taken, camera, lens, position, marks): first from the metadata index, then the rest from the files' first bytes (a share's read through GIO) in the decoding helpers, in batches on a queue of low priority (the photos on screen first), each batch handed over as it is read and kept in the index.
import PhotoFormats
import Foundation
import Synchronization
import GLibRuntime
import GLibIO
import PhotoDecoding
import PhotoFetching

public final class DateReader: Sendable {
    /// Files per helper request.
    public static let batchSize = 32
    public let index: MetadataIndex
    /// Where the files' first bytes are read (the app's helpers).
    let decoders: Decoders
    private let queue: OperationQueue
    /// Where a share's files' first bytes are read (nil: only local files are read), a few at
    /// a time (`DateReader+Share`).
    let files: LocalFileFetcher?
    let shareReads: OperationQueue

    /// What one reading did: dates found in the index, read from files, and how long it took.
    public struct Figures: Sendable, Equatable {
        public var fromIndex = 0
        public var fromFiles = 0
        public var milliseconds = 0.0
        /// Why the reading stopped before the end (a share that stopped answering), if it did.
        public var stopped: String?
    }

    /// `concurrency`: batches read at once (by default as many as the helpers that decode for
    /// the list; their leases are background ones, which yield to any thumbnail waiting).
    public init(index: MetadataIndex, decoders: Decoders, files: LocalFileFetcher? = nil, concurrency: Int? = nil) {
        self.index = index
        self.decoders = decoders
        self.files = files
        shareReads = OperationQueue()
        shareReads.name = "classic-photos.dates.share"
        shareReads.qualityOfService = .utility
        shareReads.maxConcurrentOperationCount = Self.shareReadsAtOnce
        let concurrency = concurrency ?? decoders.concurrency
        queue = OperationQueue()
        queue.name = "classic-photos.dates"
        queue.qualityOfService = .utility
        queue.maxConcurrentOperationCount = concurrency
    }

    /// The dates of `files` the index holds, by name on disk (blocking, quick: one range of the
    /// index a folder).
    public func fromIndex(_ files: [DatedFile]) -> [String: TakenDate] { index.dates(of: files) }

    /// Every fact of `files` the index holds, by name on disk.
    public func factsFromIndex(_ files: [DatedFile]) -> [String: PhotoFacts] {
        let byPath = index.facts(of: files)
        var found: [String: PhotoFacts] = [:]
        found.reserveCapacity(byPath.count)
        for file in files { if let facts = byPath[file.path] { found[file.fileName] = facts } }
        return found
    }

    /// Read the facts of `files` (those named in `first` before the others): `found` gets each
    /// batch's, by name on disk, as it is read (on a worker), the marks of a local photo's
    /// sidecar taken where it wins (`PhotoMarking.shown`), and `done` the figures once all are.
    /// Cancelling `cancellable` stops what has not started; `done` still comes.
    public func read(_ files: [DatedFile], first: Set<String> = [], cancellable: Cancellable,
                     found: @escaping @Sendable ([String: PhotoFacts]) -> Void, done: @escaping @Sendable (Figures) -> Void) {
        let started = Date()
        let index = self.index, queue = self.queue, decoders = self.decoders
        queue.addOperation { [self] in
            let reader = self
            BackgroundPriority.lowerCurrentThread()
            var dates = reader.factsFromIndex(files)
            if !dates.isEmpty {
                reader.takeSidecars(files.filter { dates[$0.fileName] != nil }, into: &dates)
                found(dates)
            }
            let missing = files.filter { dates[$0.fileName] == nil }.sorted { first.contains($0.fileName) && !first.contains($1.fileName) }
            let batches = stride(from: 0, to: missing.count, by: Self.batchSize).map { Array(missing[$0..<min($0 + Self.batchSize, missing.count)]) }
            let tally = Tally(fromIndex: dates.count, remaining: batches.count)
            guard !batches.isEmpty else { return done(tally.figures(since: started)) }
            for batch in batches {
                let operation = BlockOperation {
                    defer { if tally.finished() { done(tally.figures(since: started)) } }
                    guard !cancellable.isCancelled, tally.stopReason == nil else { return }
                    BackgroundPriority.lowerCurrentThread()
                    let facts: [PhotoFacts?]
                    var unread: Set<Int> = []
                    if let first = batch.first, ShareFiles.isShare(first.path) {
                        let (prefixes, stopped) = reader.sharePrefixes(batch, cancellable: cancellable)
                        if let stopped { tally.stop(stopped) }
                        unread = Set(prefixes.indices.filter { prefixes[$0] == nil })
                        facts = PhotoFacts.read(prefixes: prefixes, by: decoders, cancellable: cancellable)
                    } else {
                        facts = PhotoFacts.read(paths: batch.map(\.path), by: decoders, cancellable: cancellable)
                    }
                    guard !cancellable.isCancelled else { return }
                    var read: [String: PhotoFacts] = [:]
                    var entries: [(DatedFile, PhotoFacts)] = []
                    for (offset, (file, fact)) in zip(batch, facts).enumerated() {
                        read[file.fileName] = fact ?? PhotoFacts()
                        // A share's file that could not be read is read again next time, not
                        // kept as having no date.
                        if !unread.contains(offset) { entries.append((file, fact ?? PhotoFacts())) }
                    }
                    index.store(entries)
                    tally.read(batch.count - unread.count)
                    reader.takeSidecars(batch, into: &read)
                    found(read)
                }
                operation.queuePriority = .low
                queue.addOperation(operation)
            }
        }
    }
}

/// Counts a reading's batches as they end, from several workers.
private final class Tally: Sendable {
    private struct Counts {
        var remaining: Int
        var fromFiles = 0
        var stopped: String?
    }
    private let counts: Mutex<Counts>
    private let fromIndex: Int

    init(fromIndex: Int, remaining: Int) {
        self.fromIndex = fromIndex
        counts = Mutex(Counts(remaining: remaining))
    }

    func read(_ count: Int) { counts.withLock { $0.fromFiles += count } }

    /// The batches not started yet are skipped, for `reason`.
    func stop(_ reason: String) { counts.withLock { if $0.stopped == nil { $0.stopped = reason } } }
    var stopReason: String? { counts.withLock { $0.stopped } }

    /// One batch ended: true for the last.
    func finished() -> Bool { counts.withLock { $0.remaining -= 1; return $0.remaining == 0 } }

    func figures(since started: Date) -> DateReader.Figures {
        let (read, stopped) = counts.withLock { ($0.fromFiles, $0.stopped) }
        return DateReader.Figures(fromIndex: fromIndex, fromFiles: read, milliseconds: Date().timeIntervalSince(started) * 1000, stopped: stopped)
    }
}
