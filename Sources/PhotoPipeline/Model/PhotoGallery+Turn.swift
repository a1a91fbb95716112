// Why this exists: a turn Rotate made, applied where it is known: the photo's images in memory turn at once, from the pixels already there, and the folder watcher's report of that same file changing then decodes nothing; a change by another program still starts the row over.
import PhotoFormats
import Foundation
import GalleryContents
import PhotoDecoding
import PhotoFetching
import PhotoTrace

extension PhotoGallery {
    /// Rotate turned the file at `url` by `turn`, leaving it as `stamp`: its images in memory at
    /// the rows' size turn now (other sizes are dropped) and the rows showing them show them
    /// turned at the next frame. Returns the rows turned; none while a row of that photo has
    /// work queued or running (what it brings may be unturned: the watcher's report starts it over).
    @discardableResult
    public func applyTurn(_ turn: QuarterTurn, to url: URL, now stamp: FileStamp) -> [Int] {
        openViewer?.applyTurn(turn, to: url, now: stamp)
        return turnRows(turn, of: url, now: stamp)
    }

    /// Rotate turned the RAW file at `url` in its sidecar: its file did not change, so no report
    /// of it will come to start over what was in flight. A row of it with work queued or running
    /// (which read the sidecar as it was) starts over now, and so does the viewer's load of it;
    /// what memory holds turns as for any turn.
    @discardableResult
    public func applySidecarTurn(_ turn: QuarterTurn, to url: URL, now stamp: FileStamp) -> [Int] {
        let address = url.absoluteString
        let busy = pending.photosInProgress.compactMap { records.existing(id: $0) }.filter { $0.url?.absoluteString == address }.map(\.row)
        for row in Set(busy) { startOver(row) }
        // (After: a row started over took its viewer's load with it, which the viewer loads again.)
        openViewer?.applySidecarTurn(turn, to: url, now: stamp)
        return busy.isEmpty ? turnRows(turn, of: url, now: stamp) : []
    }

    /// The images in memory of the photo at `url` turned, and its rows showing them.
    private func turnRows(_ turn: QuarterTurn, of url: URL, now stamp: FileStamp) -> [Int] {
        let address = url.absoluteString
        let keys = [ImageKey.Variant.original, ImageKey.sepia(settings.sepiaIntensity)].map {
            ImageKey(url: address, pixels: settings.thumbnailPixels, variant: $0)
        }
        // Work in flight on this photo, at any size, may bring it unturned: left to the report.
        guard !pending.photosInProgress.contains(where: { records.existing(id: $0)?.url?.absoluteString == address }) else { return [] }
        let turned = keys.compactMap { key in memory.image(for: key)?.turned(turn).map { (key, $0) } }
        guard !turned.isEmpty else { return [] }
        memory.remove(url: address)
        var changed: [Int] = []
        for (key, image) in turned {
            memory.insert(image, for: key)
            for photo in photosWithImage[key] ?? [] {
                guard let record = records.existing(id: photo), record.imageKey == key else { continue }
                setImage(image, key: key, filtered: key.variant != .original, on: record)
                changed.append(record.row)
            }
        }
        turnedInMemory[address] = stamp
        for row in changed.sorted() {
            trace.emit(.turnApplied(row: row, turn: turn))
            rowChanged.emit(row)
        }
        return changed.sorted()
    }

    /// Whether the change to `row`'s file the watcher reports is the app's own turn, already
    /// applied in memory: its file is still as the turn left it, and the row still shows the
    /// turned image. (Asked once per report: the mark goes either way.)
    func changeIsTurnApplied(_ row: Int, url: URL, _ change: FolderChange) -> Bool {
        guard let stamp = turnedInMemory.removeValue(forKey: url.absoluteString) else { return false }
        return change.stamps[row] == stamp && records.existing(row)?.image != nil && !isBusy(row)
    }
}
