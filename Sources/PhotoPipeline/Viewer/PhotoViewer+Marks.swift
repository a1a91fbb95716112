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
    func applyMarks(_ marks: PhotoMarks?, to url: URL, now _: FileStamp?) {
        let address = url.absoluteString
        let rows = Set(held.keys).union(pending.viewersInProgress.keys).filter { gallery.records.entry($0).url?.absoluteString == address }
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
    /// marks the image held shows already (`PhotoGallery.markWrites`); one that came while the
    /// app was still writing the file is kept for now and judged once the write has ended.
    func changeIsMarkApplied(_ row: Int, _ change: FolderChange) -> Bool {
        guard let url = gallery.records.entry(row).url?.absoluteString else { return false }
        switch gallery.markWrites.judge(url, reported: change.stamps[row]) {
        case .own: return held[row] != nil && pending.viewersInProgress[row] == nil
        case .notOwn: return false
        case .afterTheWrite:
            reportsAfterTheWrite[url] = (row, change.stamps[row])
            return true
        }
    }

    /// No write of the file at `url` is under way now: a report of it that came meanwhile loads
    /// its row again, unless it was of the app's own write, whose marks the image held shows.
    func judgeReportAfterTheWrite(_ url: URL) {
        let address = url.absoluteString
        guard let (row, stamp) = reportsAfterTheWrite.removeValue(forKey: address), row < gallery.records.count,
              gallery.records.entry(row).url?.absoluteString == address else { return }
        if gallery.markWrites.judge(address, reported: stamp) == .own, held[row] != nil, pending.viewersInProgress[row] == nil { return }
        cancel(row)
        held[row] = nil
        failures[row] = nil
        if row == self.row {
            load(row, priority: .veryHigh)
            onRowChanged?(row)
        }
    }
}
