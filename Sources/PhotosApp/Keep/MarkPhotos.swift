// Why this exists: Rate (Alt+0 to Alt+5), Pick (P), Reject (X), Unflag (U) and Tags (Ctrl+T) for the photo the viewer shows, the selected photos or the focused row of a folder gallery: kept in each photo's own XMP, on the edit queue, with Undo (the note's button, Ctrl+Z) setting back what each had.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import GLibIO
import PhotoFetching
import GalleryContents
import MetadataValues
import PhotoDecoding
import PhotoFormats
import PhotoPipeline
import PhotoTrace

/// Made for each change: what it needs, the window's note and edits, outlive it.
@MainActor
struct MarkPhotos {
    let note: WindowNote
    let edits: PhotoEdits
    /// Where each photo's new XMP is made (the app's helpers).
    let decoders: Decoders
    /// The desktop's thumbnails of the photos, kept for the changed files.
    let shared: SharedThumbnails?
    let trace: Trace
    /// A photo on a share was marked (its new marks, nil: none): its row and the filter follow.
    var markedOnShare: @MainActor (URL, PhotoMarks?) -> Void = { _, _ in }

    /// Change the photos' marks; one Undo sets back those that changed.
    func mark(_ photos: [ChosenPhoto], _ change: MarksChange) {
        let items = photos.compactMap(EditedPhoto.init)
        guard !items.isEmpty, items.count == photos.count else {
            return note.show(tr("Only photos in a folder on this computer or on a share can be rated, flagged or tagged"), failed: true)
        }
        let batch = MarkBatch(count: items.count)
        batch.step = edits.remember { [self] in
            for (item, before, companion) in batch.marked.reversed() {
                run(item, change.undoing(before), nil, companionChange: companion.map(change.undoing))
            }
        }
        for item in items { run(item, change, batch) }
    }

    /// Change one photo's marks (and its RAW companion's by `companionChange`, else by the same
    /// change); `batch` is nil for an Undo's change back.
    private func run(_ item: EditedPhoto, _ change: MarksChange, _ batch: MarkBatch?, companionChange: MarksChange? = nil) {
        let path = item.path, onShare = item.onShare, companion = item.companion
        // A report of the file that comes before the write has ended is judged once it has.
        item.gallery?.markingBegins(item.url)
        edits.run({ [decoders] in
            Result { () throws(TurnRefusal) -> (before: PhotoMarks, stamps: (FileStamp?, FileStamp?), beside: FileStamp?, companion: PhotoMarks?) in
                if onShare {
                    let before = try PhotoMarking.markOnShare(path, change, by: decoders)
                    let entry = try? ShareFiles.entry(uri: path, cancellable: Cancellable())
                    return (before, (nil, entry.map { FileStamp(size: $0.size, modified: $0.modified) }), nil, nil)
                }
                // Beside the photo (its sidecar): its file, and what shows of it, stay as they are
                // (a RAW's sidecar is reported as its file's: `FileStamp.ofShown`).
                let beside = PhotoMarking.keepsBeside(path)
                let stampBefore = beside ? nil : FileStamp.of(path)
                let before = try PhotoMarking.mark(path, change, by: decoders)
                // A JPEG shown with its RAW (its marks in the file or, read-only, beside it): the
                // RAW's sidecar gets the same marks (darktable and digiKam read them there), or
                // the JPEG's go back as they were.
                var companionBefore: PhotoMarks?
                if let companion {
                    do throws(TurnRefusal) {
                        companionBefore = try PhotoMarking.mark(companion, companionChange ?? change, by: decoders)
                    } catch {
                        _ = try? PhotoMarking.mark(path, change.undoing(before), by: decoders)
                        throw error
                    }
                }
                if beside { return (before, (nil, nil), FileStamp.ofShown(path), companionBefore) }
                return (before, (stampBefore, FileStamp.of(path)), nil, companionBefore)
            }
        }, done: { [note, edits, shared, trace, markedOnShare] outcome in
            switch outcome {
            case .success(let (before, (stampBefore, after), beside, companionBefore)):
                trace.emit(.marked(path: item.path, rating: change.rating, flag: change.flag?.rawValue, reason: nil))
                batch?.marked.append((item, before, companionBefore))
                // What Details shows now: the marks written. Where none are left, a sidecar's or
                // the photo's own may show through (`PhotoMarking.shown`): the photo is read again.
                let written = change.applied(to: before)
                let shown = written == PhotoMarks() ? nil : written
                if after == nil, !item.onShare {
                    item.gallery?.markedBeside(item.url, now: beside, marks: shown)
                } else if after == nil {
                    item.gallery?.markingEnded(item.url)
                }
                if item.onShare { markedOnShare(item.url, shown) }
                // Only the XMP changed: the rows keep their images, the desktop its thumbnails.
                if let after {
                    item.gallery?.applyMarks(to: item.url, now: after, marks: shown)
                    if let shared, let stampBefore {
                        DispatchQueue.global(qos: .utility).async {
                            shared.restampEntries(uri: SharedThumbnails.uri(forPath: path), from: Int(stampBefore.modified / 1_000_000),
                                                  to: Int(after.modified / 1_000_000), fileSize: Int(after.size))
                        }
                    }
                }
            case .failure(let refusal):
                item.gallery?.markingEnded(item.url)
                trace.emit(.marked(path: item.path, rating: change.rating, flag: change.flag?.rawValue, reason: refusal.reason.description))
                let text = fill(tr("Could not rate, flag or tag “%s”: %s"), item.name, refusal.reason.translated)
                if let batch { batch.failure = text } else { note.show(text, failed: true) }
            }
            guard let batch else { return }
            batch.pending -= 1
            guard batch.pending == 0 else { return }
            if batch.marked.isEmpty { edits.forget(batch.step) }
            if let failure = batch.failure { return note.show(failure, failed: true) }
            note.show(Self.done(change, names: batch.marked.map(\.item.name)), button: (tr("_Undo"), { [weak edits] in edits?.undo() }))
        })
    }

    /// What the note says of marks changed.
    static func done(_ change: MarksChange, names: [String]) -> String {
        let count = names.count
        if change.changesTags, change.rating == nil, change.flag == nil {
            if count == 1 {
                return change.removeTags.isEmpty ? fill(tr("“%s” tagged"), names[0]) : fill(tr("Tags of “%s” changed"), names[0])
            }
            return fill(trn("%s photo tagged", "%s photos tagged", count), "\(count)")
        }
        if count == 1 {
            let name = names[0]
            switch change.flag {
            case .pick?: return fill(tr("“%s” picked"), name)
            case .reject?: return fill(tr("“%s” rejected"), name)
            case .none?: return fill(tr("“%s” unflagged"), name)
            case nil:
                let stars = change.rating ?? 0
                return stars == 0 ? fill(tr("“%s”: stars removed"), name)
                    : fill(trn("“%s” rated %s star", "“%s” rated %s stars", stars), name, "\(stars)")
            }
        }
        switch change.flag {
        case .pick?: return fill(trn("%s photo picked", "%s photos picked", count), "\(count)")
        case .reject?: return fill(trn("%s photo rejected", "%s photos rejected", count), "\(count)")
        case .none?: return fill(trn("%s photo unflagged", "%s photos unflagged", count), "\(count)")
        case nil: return fill(trn("%s photo rated", "%s photos rated", count), "\(count)")
        }
    }
}

/// Photos marked together: one note, one Undo.
@MainActor
private final class MarkBatch {
    var pending: Int
    var step = 0
    /// Each photo marked, with the marks it had (and its RAW companion's).
    var marked: [(item: EditedPhoto, before: PhotoMarks, companion: PhotoMarks?)] = []
    var failure: String?
    init(count: Int) { pending = count }
}
