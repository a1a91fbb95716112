// Why this exists: a photo's marks as its row shows them (read with the folder's facts), and Rate and Flag changing only a photo's XMP, never its pixels: the folder watcher's report of that same file changing then keeps the row's images as they are, instead of decoding the photo again; a change by another program still starts the row over.
import Foundation
import GalleryContents
import MetadataValues

extension PhotoGallery {
    /// The marks of `row`'s photo (nil: none, or not read yet).
    public func marks(of row: Int) -> PhotoMarks? {
        guard !marksByPath.isEmpty, let url = records.entry(row).url else { return nil }
        return marksByPath[url.isFileURL ? url.path : url.absoluteString]
    }

    /// The paths of the photos whose marks are `wanted` (the rejects, for Move Rejects to
    /// Trash), shown or not: their rows are found by the folder's watcher, off the main loop
    /// (a row's address is made from its name: 100,000 of them held the window up).
    public func markedPaths(where wanted: (PhotoMarks) -> Bool) -> Set<String> {
        Set(marksByPath.filter { wanted($0.value) }.keys)
    }

    /// Whether `row` is the photo at `path` (a row found off the main loop, checked once here).
    public func row(_ row: Int, isAt path: String) -> Bool {
        row >= 0 && row < records.count && records.entry(row).url?.path == path
    }

    /// Rate and Flag begin writing the file at `url` (or its sidecar): a report of it that comes
    /// before the write has ended is judged once it has.
    public func markingBegins(_ url: URL) { markWrites.began(url.absoluteString) }

    /// Rate and Flag changed the XMP of the file at `url`, leaving it as `stamp` and showing
    /// `marks` (nil: not known): the watcher's report of it keeps its rows as they are, and the
    /// viewer's images of it their pictures, with the new marks in Details.
    public func applyMarks(to url: URL, now stamp: FileStamp, marks: PhotoMarks?) {
        markWrites.ended(url.absoluteString, leaving: stamp)
        openViewer?.applyMarks(marks, to: url, now: stamp)
        judgeReportsAfterTheWrite(url)
    }

    /// Rate and Flag wrote the sidecar beside the file at `url` (the file itself is as it was),
    /// which now shows `marks` (nil: not known, so the viewer reads the photo again for its
    /// Details). A RAW file's sidecar change is reported as a change of its file (it may turn
    /// it): the report of it as the marking left it (`stamp`, `FileStamp.ofShown`) keeps its rows.
    public func markedBeside(_ url: URL, now stamp: FileStamp?, marks: PhotoMarks?) {
        markWrites.ended(url.absoluteString, leaving: stamp)
        openViewer?.applyMarks(marks, to: url, now: stamp)
        judgeReportsAfterTheWrite(url)
    }

    /// A write of the file at `url` failed, or left nothing to know its report by: a report that
    /// came meanwhile is taken for another program's.
    public func markingEnded(_ url: URL) {
        markWrites.ended(url.absoluteString, leaving: nil)
        judgeReportsAfterTheWrite(url)
    }

    /// What the change to `row`'s file the watcher reports is: the app's own marking (its file as
    /// a marking left it, and the row shows an image), another's, or to be judged once the
    /// app's write of it under way has ended.
    func markReport(_ row: Int, url: URL, _ change: FolderChange) -> OwnMarkWrites.Verdict {
        let address = url.absoluteString
        switch markWrites.judge(address, reported: change.stamps[row]) {
        case .own: return records.existing(row)?.image != nil && !isBusy(row) ? .own : .notOwn
        case .notOwn: return .notOwn
        case .afterTheWrite:
            reportsAfterTheWrite[address] = (row, change.stamps[row])
            return .afterTheWrite
        }
    }

    /// No write of the file at `url` is under way now: a report of it that came meanwhile starts
    /// its row over, unless it was of the app's own write (the viewer judges its own the same way).
    private func judgeReportsAfterTheWrite(_ url: URL) {
        let address = url.absoluteString
        guard !markWrites.isUnderWay(address) else { return }
        openViewer?.judgeReportAfterTheWrite(url)
        // (A row that moved or went meanwhile: a report of its new place came with that change.)
        guard let (row, stamp) = reportsAfterTheWrite.removeValue(forKey: address), row < records.count,
              records.entry(row).url?.absoluteString == address else { return }
        if markWrites.judge(address, reported: stamp) == .own, records.existing(row)?.image != nil, !isBusy(row) {
            trace.emit(.marksKept(row: row))
        } else {
            startOver(row)
        }
    }
}
