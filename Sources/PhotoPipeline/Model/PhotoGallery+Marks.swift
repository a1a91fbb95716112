// Why this exists: a photo's marks as its row shows them (read with the folder's facts), and Rate and Flag changing only a photo's XMP, never its pixels: the folder watcher's report of that same file changing then keeps the row's images as they are, instead of decoding the photo again; a change by another program still starts the row over.
import Foundation
import GalleryContents
import MetadataValues

extension PhotoGallery {
    /// The marks of `row`'s photo (nil: none, or not read yet).
    public func marks(of row: Int) -> PhotoMarks? {
        guard !marksByPath.isEmpty, let url = records.entry(row).url, url.isFileURL else { return nil }
        return marksByPath[url.path]
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

    /// Rate and Flag changed the XMP of the file at `url`, leaving it as `stamp` and showing
    /// `marks` (nil: not known): the watcher's report of it keeps its rows as they are, and the
    /// viewer's images of it their pictures, with the new marks in Details.
    public func applyMarks(to url: URL, now stamp: FileStamp, marks: PhotoMarks?) {
        markedInMemory[url.absoluteString] = stamp
        openViewer?.applyMarks(marks, to: url, now: stamp)
    }

    /// Rate and Flag wrote the sidecar beside the file at `url` (the file itself is as it was),
    /// which now shows `marks` (nil: not known, so the viewer reads the photo again for its
    /// Details). A RAW file's sidecar change is reported as a change of its file (it may turn
    /// it): the report of it as the marking left it (`stamp`, `FileStamp.ofShown`) keeps its rows.
    public func markedBeside(_ url: URL, now stamp: FileStamp?, marks: PhotoMarks?) {
        openViewer?.applyMarks(marks, to: url, now: stamp)
        if let stamp { markedInMemory[url.absoluteString] = stamp }
    }

    /// Whether the change to `row`'s file the watcher reports is the app's own marking: its file
    /// is still as the marking left it, and the row shows an image. (Asked once per report.)
    func changeIsMarkApplied(_ row: Int, url: URL, _ change: FolderChange) -> Bool {
        guard let stamp = markedInMemory.removeValue(forKey: url.absoluteString) else { return false }
        return change.stamps[row] == stamp && records.existing(row)?.image != nil && !isBusy(row)
    }
}
