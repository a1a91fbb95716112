// Why this exists: Rotate Clockwise (Ctrl+R) and Anticlockwise (Ctrl+Shift+R) for the photo the viewer shows, the selected photos or the focused row of a folder gallery, on this computer or on a share: lossless, in place (a camera's RAW file in its sidecar), on the edit queue, with Undo (the note's button, Ctrl+Z) turning it back. The row, the cell and the viewer show it turned at once, from the pixels in memory (`PhotoGallery.applyTurn`, `PhotoViewer.applyTurn`), and nothing is decoded again.
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import GalleryContents
import PhotoFetching
import GLibIO
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

/// Made for each turn: what it needs, the window's note and edits, outlive it.
@MainActor
struct RotatePhotos {
    private let note: WindowNote
    private let edits: PhotoEdits
    /// Where each turn is computed (the app's helpers).
    private let decoders: Decoders
    /// The desktop's thumbnails of the photos, turned with them.
    private let shared: SharedThumbnails?
    /// Where each turn, or why it was refused, is said.
    private let trace: Trace

    init(note: WindowNote, edits: PhotoEdits, decoders: Decoders, shared: SharedThumbnails?, trace: Trace) {
        self.trace = trace
        self.note = note
        self.edits = edits
        self.decoders = decoders
        self.shared = shared
    }

    /// Turn the photos; one Undo turns back those that turned. `whenRefused`: after a refusal.
    func turn(_ photos: [ChosenPhoto], _ turn: QuarterTurn, whenRefused: (@MainActor () -> Void)? = nil) {
        let items = photos.compactMap(EditedPhoto.init)
        guard !items.isEmpty, items.count == photos.count else {
            return note.show(tr("Only photos in a folder on this computer or on a share can be rotated"), failed: true)
        }
        let batch = TurnBatch(count: items.count)
        batch.whenRefused = whenRefused
        batch.step = edits.remember { [self] in for item in batch.turned.reversed() { run(item, turn.inverse, nil) } }
        for item in items { run(item, turn, batch) }
    }

    /// Turn one photo; `batch` is nil for an Undo's turn back.
    private func run(_ item: EditedPhoto, _ turn: QuarterTurn, _ batch: TurnBatch?) {
        let path = item.path
        edits.run({ [decoders] in
            Result { () throws(TurnRefusal) -> TurnDone in
                if item.onShare {
                    try ShareTurning.turn(path, turn, by: decoders)
                    let entry = try? ShareFiles.entry(uri: path, cancellable: Cancellable())
                    let after = entry.map { FileStamp(size: $0.size, modified: $0.modified) }
                    return TurnDone(before: nil, after: after, inSidecar: nil, shown: after)
                }
                let before = FileStamp.of(path)
                let inSidecar = try PhotoTurning.turn(path, turn, by: decoders)
                // A JPEG shown with its RAW: the RAW turns too (in its sidecar), or the JPEG turns back.
                if let companion = item.companion {
                    do throws(TurnRefusal) {
                        try PhotoTurning.turn(companion, turn, by: decoders)
                    } catch {
                        try? PhotoTurning.turn(path, turn.inverse, by: decoders)
                        throw error
                    }
                }
                return TurnDone(before: before, after: FileStamp.of(path), inSidecar: inSidecar, shown: FileStamp.ofShown(path))
            }
        }, done: { [note, edits, shared, trace] outcome in
            switch outcome {
            case .success(let done):
                trace.emit(.turned(path: item.path, turn: turn, reason: nil))
                guard let after = done.after else { break }
                // A RAW turned in its sidecar: its file unchanged, what was in flight starts over.
                if done.inSidecar != nil {
                    item.gallery?.applySidecarTurn(turn, to: item.url, now: done.shown ?? after)
                } else {
                    item.gallery?.applyTurn(turn, to: item.url, now: after)
                }
                // The desktop's thumbnails of it, turned off the main loop (read and written again).
                if let shared, let before = done.before {
                    DispatchQueue.global(qos: .utility).async {
                        let uri = SharedThumbnails.uri(forPath: path), clockwise = turn == .clockwise
                        if let kept = done.inSidecar {
                            shared.turnEntries(uri: uri, mtime: Int(after.modified / 1_000_000), fileSize: Int(after.size), sidecarTurn: kept.before,
                                               to: kept.after, clockwise: clockwise)
                        } else {
                            shared.turnEntries(uri: uri, from: Int(before.modified / 1_000_000), to: Int(after.modified / 1_000_000),
                                               fileSize: Int(after.size), clockwise: clockwise)
                        }
                    }
                }
                batch?.turned.append(item)
            case .failure(let refusal):
                trace.emit(.turned(path: item.path, turn: turn, reason: refusal.reason.description))
                batch?.failure = fill(tr("Could not rotate “%s”: %s"), item.name, refusal.reason.translated)
                batch?.whenRefused?()
                if batch == nil { note.show(fill(tr("Could not rotate “%s”: %s"), item.name, refusal.reason.translated), failed: true) }
            }
            guard let batch else { return }
            batch.pending -= 1
            guard batch.pending == 0 else { return }
            if batch.turned.isEmpty { edits.forget(batch.step) }
            if let failure = batch.failure { return note.show(failure, failed: true) }
            let text = batch.turned.count == 1 ? fill(tr("“%s” rotated"), batch.turned[0].name)
                : fill(trn("%s photo rotated", "%s photos rotated", batch.turned.count), "\(batch.turned.count)")
            note.show(text, button: (tr("_Undo"), { [weak edits] in edits?.undo() }))
        })
    }
}

/// What one turn did: the file before and after (a RAW file's is unchanged: its turn is kept
/// in its sidecar, `inSidecar`).
private struct TurnDone: Sendable {
    let before: FileStamp?
    let after: FileStamp?
    let inSidecar: SidecarTurning.Turn?
    /// What the folder's report of it will say (`FileStamp.ofShown`: a RAW's sidecar with it).
    let shown: FileStamp?
}

/// Photos turned together: one note, one Undo.
@MainActor
private final class TurnBatch {
    var pending: Int
    var step = 0
    var turned: [EditedPhoto] = []
    var failure: String?
    var whenRefused: (@MainActor () -> Void)?
    init(count: Int) { pending = count }
}
