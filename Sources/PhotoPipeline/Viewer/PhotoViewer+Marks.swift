// Why this exists: Rate and Flag change a photo's marks and nothing of its picture: the viewer's images of it keep their pixels and take the new marks for Details, and the folder watcher's report of that same file (or of a RAW's sidecar) then loads nothing again; a change by another program still loads it over.
import Foundation
import GalleryContents
import MetadataValues
import PhotoDecoding

extension FullImage {
    /// The same picture with `marks` shown in its Details. The bytes it was decoded from stay
    /// (an animation plays from them, sepia switches from them): a decode of them takes these marks
    /// (`marksWritten`, `PhotoViewer.finish`).
    func marked(_ marks: PhotoMarks) -> FullImage {
        var details = details
        var photo = details.photo ?? PhotoDetails()
        photo.marks = marks == PhotoMarks() ? nil : marks
        details.photo = photo
        details.marksWritten = true
        return FullImage(image: image, sepia: sepia, details: details, fullResolution: fullResolution, drawingSide: drawingSide)
    }

    /// The marks a decode of this image's bytes should show in place of those the bytes hold (nil:
    /// the bytes' own).
    var marksForItsBytes: PhotoMarks?? { details.marksWritten ? .some(details.photo?.marks) : nil }
}

extension PhotoViewer {
    /// Rate and Flag left the photo at `url` with `marks` shown (nil: not known here, so the photo
    /// is read again for its Details), its file as `stamp` says (nil: no report of it comes):
    /// each image held of it takes them; a load of it in flight read them as they were, and starts again.
    func applyMarks(_ marks: PhotoMarks?, to url: URL, now stamp: FileStamp?) {
        let address = url.absoluteString
        let rows = Set(held.keys).union(pending.viewersInProgress.keys).filter { gallery.records.entry($0).url?.absoluteString == address }
        if let stamp, !rows.isEmpty { markedInMemory[address] = stamp }
        for row in rows {
            if let marks, let full = held[row], pending.viewersInProgress[row] == nil {
                held[row] = full.marked(marks)
                trace.emit(.viewer(row: row, action: .marked))
                if row == self.row { onRowChanged?(row) }
                continue
            }
            cancel(row)
            held[row] = nil
            if row == self.row {
                load(row, priority: .veryHigh)
                onRowChanged?(row)
            }
        }
    }

    /// Whether the change to `row`'s file the watcher reports is the app's own marking, whose
    /// marks the image held shows already. (Asked once per report.)
    func changeIsMarkApplied(_ row: Int, _ change: FolderChange) -> Bool {
        guard let url = gallery.records.entry(row).url?.absoluteString,
              let stamp = markedInMemory.removeValue(forKey: url) else { return false }
        return change.stamps[row] == stamp && held[row] != nil && pending.viewersInProgress[row] == nil
    }
}
