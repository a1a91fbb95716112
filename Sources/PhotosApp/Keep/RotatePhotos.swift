// Why this exists: Rotate Clockwise (Ctrl+R) and Anticlockwise (Ctrl+Shift+R) for the photo the viewer shows or the focused row of a folder gallery: lossless, in place, on the edit queue, with Undo (the note's button, Ctrl+Z) turning it back. The folder's watcher sees the new file and the row, cell and viewer show it turned.
import Foundation
import Gtk
import PhotoPipeline

/// Made for each turn: what it needs, the window's note and edits, outlive it.
@MainActor
struct RotatePhotos {
    private let note: WindowNote
    private let edits: PhotoEdits

    init(note: WindowNote, edits: PhotoEdits) {
        self.note = note
        self.edits = edits
    }

    func turn(_ photo: ChosenPhoto, _ turn: QuarterTurn) {
        guard let path = photo.folderFilePath else {
            return note.show(tr("Only photos in a folder on this computer can be rotated"), failed: true)
        }
        let name = photo.name
        let step = edits.remember { [self] in run(path, name, turn.inverse, undoing: true) }
        run(path, name, turn, undoing: false, step: step)
    }

    private func run(_ path: String, _ name: String, _ turn: QuarterTurn, undoing: Bool, step: Int? = nil) {
        edits.run({ Result { () throws(TurnRefusal) in try PhotoTurning.turn(path, turn) } }, done: { [note, edits] outcome in
            switch outcome {
            case .success:
                Trace.shared.emit(.turned(path: path, turn: turn, reason: nil))
                if !undoing { note.show(fill(tr("“%s” rotated"), name), button: (tr("_Undo"), { [weak edits] in edits?.undo() })) }
            case .failure(let refusal):
                if let step { edits.forget(step) }
                let text = fill(tr("Could not rotate “%s”: %s"), name, refusal.reason.worded(tr))
                Trace.shared.emit(.turned(path: path, turn: turn, reason: refusal.reason.description))
                note.show(text, failed: true)
            }
        })
    }
}
