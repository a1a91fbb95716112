// Why this exists: a share's photos' first bytes for their dates, read through GIO with a ranged read each (never the photo whole; a PNG's or WebP's last bytes too, where its metadata may lie), several at once so a slow link's round trips overlap; a share that stops answering stops the reading, rather than waiting out every file's timeout.
import PhotoFormats
import Foundation
import Synchronization
import GLibRuntime
import PhotoDecoding
import PhotoFetching

extension DateReader {
    /// Reads in flight at once on a share (GVfs's backends answer them side by side): over a
    /// 40 ms round trip, 10,000 dates took 316 s six at a time and 145 s sixteen at a time
    /// (123 s once the file's size was no longer asked; BENCHMARKS.md, `share-dates`), each read
    /// a few round trips of waiting.
    static let shareReadsAtOnce = 16

    /// The first bytes of each of `batch` (files on a share, by URI), as `PhotoFacts` reads a
    /// local file's: its first 16 KiB, read on to the end of a JPEG's leading segments, at most
    /// 80 KiB. Nil for a file that could not be read; and why the reading should stop, if the
    /// share stopped answering or went (the files not read yet are then not tried).
    func sharePrefixes(_ batch: [DatedFile], cancellable: Cancellable) -> (prefixes: [Data?], stopped: String?) {
        guard let files else { return (batch.map { _ in nil }, "no share reader") }
        let results = Mutex((prefixes: [Data?](repeating: nil, count: batch.count), stopped: String?.none))
        let group = DispatchGroup()
        for (index, file) in batch.enumerated() {
            group.enter()
            shareReads.addOperation {
                defer { group.leave() }
                guard !cancellable.isCancelled, results.withLock({ $0.stopped == nil }), let url = URL(string: file.path) else { return }
                do throws(FetchError) {
                    var prefix = try files.fetchSharedStart(url, count: PhotoFacts.firstBytes, most: PhotoFacts.prefixBytes, cancellable: cancellable,
                                                            extending: { PhotoFacts.jpegSegmentsEnd($0) })
                    // A PNG's or WebP's metadata after its pixels: its last bytes read too, and
                    // the metadata chunks of both ends handed on (as a local file's are).
                    if MetadataChunks.mayKeepMetadataAtItsEnd(prefix), file.size > Int64(prefix.count) {
                        let offset = max(Int64(prefix.count), file.size - Int64(MetadataChunks.tailBytes))
                        let tail = try files.fetchSharedStart(url, from: offset, count: Int(file.size - offset), cancellable: cancellable)
                        if let gathered = MetadataChunks.gathered(head: prefix, tail: tail, tailOffset: Int(offset), size: Int(file.size)) { prefix = gathered }
                    }
                    results.withLock { $0.prefixes[index] = prefix }
                } catch {
                    // The share failed, not the file: the rest are not tried.
                    guard LocalFileFetcher.isShareFailure(error) else { return }
                    let reason = "\(error)"
                    results.withLock { if $0.stopped == nil { $0.stopped = reason } }
                }
            }
        }
        group.wait()
        return results.withLock { ($0.prefixes, $0.stopped) }
    }
}
