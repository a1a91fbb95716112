// Why this exists: Rotate applied in the viewer where it is known: the photo's full image held turns from the pixels already in memory (on a worker), and the folder watcher's report of that same file then loads nothing again; a change by another program still loads it over.
import PhotoFormats
import Foundation
import GalleryContents
import GLibRuntime
import PhotoDecoding
import PhotoTrace

extension FullImage {
    /// The same photo turned a quarter: its pixels, its screen copy and its size. The bytes it
    /// was decoded from are let go: they are the file as it was (a sharper load reads the file).
    func turned(_ turn: QuarterTurn) -> FullImage? {
        guard let image = image.turned(turn) else { return nil }
        var details = details
        (details.width, details.height) = (details.height, details.width)
        details.drawingSize = details.drawingSize.map { PixelSize(width: $0.height, height: $0.width) }
        details.forScreen = details.forScreen.flatMap { screen in
            screen.image.turned(turn).map { ScreenImage(generation: screen.generation, image: $0) }
        }
        details.encoded = nil
        return FullImage(image: image, sepia: sepia, details: details, fullResolution: fullResolution, drawingSide: drawingSide)
    }
}

extension PhotoViewer {
    /// Rotate turned the file at `url` by `turn`, leaving it as `stamp`: each full image held of
    /// it turns, off the main loop, and replaces the one it came from if that is still held. None
    /// while a load of it is in flight (what it brings may be unturned: the report loads it over).
    /// The mark is set at once, so a report that comes before the turned image keeps the image
    /// held for it to replace.
    func applyTurn(_ turn: QuarterTurn, to url: URL, now stamp: FileStamp) {
        let address = url.absoluteString
        for (row, full) in held where gallery.records.entry(row).url?.absoluteString == address && pending.viewersInProgress[row] == nil {
            turnedInMemory[address] = stamp
            DispatchQueue.global(qos: .userInitiated).async {
                let turned = full.turned(turn)
                MainLoop.invoke { [weak self] in self?.replace(full, with: turned, address: address) }
            }
        }
    }

    /// Rotate turned the RAW file at `url` in its sidecar (the report of it, as `stamp` says it was
    /// left, loads nothing over): a load of it in flight read the sidecar as it was, and starts again; the
    /// images held turn as for any turn; the photo shown with nothing held or loading is loaded.
    func applySidecarTurn(_ turn: QuarterTurn, to url: URL, now stamp: FileStamp) {
        let address = url.absoluteString
        for row in Array(pending.viewersInProgress.keys) where gallery.records.entry(row).url?.absoluteString == address {
            cancel(row)
            held[row] = nil
        }
        applyTurn(turn, to: url, now: stamp)
        if let shown = row, gallery.records.entry(shown).url?.absoluteString == address, held[shown] == nil, pending.viewersInProgress[shown] == nil {
            load(shown, priority: .veryHigh)
            onRowChanged?(shown)
        }
    }

    private func replace(_ full: FullImage, with turned: FullImage?, address: String) {
        // Wherever its row is now (a folder's change may have moved it meanwhile). Gone, or a load
        // of it started meanwhile: what shows next comes from the file, as for any change.
        guard let row = held.first(where: { $0.value.image === full.image })?.key,
              pending.viewersInProgress[row] == nil else {
            turnedInMemory[address] = nil
            return
        }
        guard let turned else {
            // Not turned (no memory for the copy): the photo is read again from its file.
            turnedInMemory[address] = nil
            held[row] = nil
            if row == self.row {
                load(row, priority: .veryHigh)
                onRowChanged?(row)
            }
            return
        }
        held[row] = turned
        trace.emit(.viewer(row: row, action: .turned))
        if row == self.row { onRowChanged?(row) }
    }

    /// Whether the change to `row`'s file the watcher reports is the app's own turn, already
    /// applied to the image held: its file is still as the turn left it. (Asked once per report:
    /// the mark goes either way.)
    func changeIsTurnApplied(_ row: Int, _ change: FolderChange) -> Bool {
        guard let url = gallery.records.entry(row).url?.absoluteString,
              let stamp = turnedInMemory.removeValue(forKey: url) else { return false }
        return change.stamps[row] == stamp && held[row] != nil && pending.viewersInProgress[row] == nil
    }
}
