// Why this exists: Move to Trash (Delete) and Delete Permanently (Shift+Delete, asked first) for the photo the viewer shows or the focused row of a folder gallery, with Undo (the note's button, Ctrl+Z, in the history it shares with Rotate) putting photos back newest first. A volume with no trash asks before deleting, as Nautilus does. The folder's watcher moves the rows and the viewer.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class TrashPhotos {
    /// "Delete permanently?", in the window.
    let question = InfoBar(type: .warning)
    private let note: WindowNote
    private let application: Application
    /// The queue the files are changed on, and the Undo history.
    private let edits: PhotoEdits
    /// The photo the question is about.
    private var asked: (path: String, name: String)?
    static let deleteResponse: Int32 = 1
    static let cancelResponse: Int32 = 2

    init(note: WindowNote, application: Application, edits: PhotoEdits) {
        self.note = note
        self.application = application
        self.edits = edits
        question.addButton(tr("_Cancel"), id: Self.cancelResponse)
        question.addButton(tr("_Delete"), id: Self.deleteResponse)
        question.revealed = false
        question.onResponse { [weak self] response in
            guard let self, let asked else { return }
            self.asked = nil
            question.revealed = false
            if response == Self.deleteResponse { delete(asked.path, name: asked.name) } else { Trace.shared.emit(.trash(path: asked.path, step: .kept, reason: nil)) }
        }
    }

    /// The gallery shown: only a folder's photos (on this computer, the user's) can be trashed or turned.
    func galleryShown(_ manifest: Manifest) {
        for action in ["trash", "delete", "rotate-clockwise", "rotate-anticlockwise"] {
            application.setActionEnabled(action, manifest.format == .folder && manifest.isUsersOwn)
        }
    }

    /// Move the photo to the trash; Undo puts it back.
    func trash(_ photo: ChosenPhoto) {
        guard let path = localPath(photo) else { return }
        let job = TrashJob(path: path), name = photo.name
        let step = edits.remember { [weak self] in self?.restore(job) }
        edits.run({
            let outcome = Result { () throws(TrashFailure) in try PhotoTrash.trash(path) }
            job.outcome.withLock { $0 = outcome }
            return outcome
        }, done: { [weak self] outcome in self?.trashed(path, name, step, outcome) })
    }

    private func trashed(_ path: String, _ name: String, _ step: Int, _ outcome: Result<TrashedPhoto, TrashFailure>) {
        switch outcome {
        case .success:
            Trace.shared.emit(.trash(path: path, step: .trashed, reason: nil))
            note.show(fill(tr("“%s” moved to the trash"), name), button: (tr("_Undo"), { [weak self] in self?.edits.undo() }))
        case .failure(let failure):
            edits.forget(step)
            if failure == .noTrash { return ask(path, name: name, tr("“%s” cannot be moved to the trash here. Delete it permanently?")) }
            fail(path, fill(tr("Could not move “%s” to the trash: %s"), name, failure.text))
        }
    }

    /// Put a trashed photo back (its Undo), once its move to the trash has run.
    private func restore(_ job: TrashJob) {
        edits.run({ () -> Result<Void, TrashFailure>? in
            guard case .success(let trashed)? = job.outcome.withLock({ $0 }) else { return nil }
            return Result { () throws(TrashFailure) in try PhotoTrash.restore(trashed) }
        }, done: { [weak self] outcome in
            switch outcome {
            case .success?: Trace.shared.emit(.trash(path: job.path, step: .restored, reason: nil))
            case .failure(let failure)?:
                let name = (job.path as NSString).lastPathComponent
                self?.fail(job.path, fill(tr("Could not put “%s” back: %s"), name, failure.text))
            case nil: break
            }
        })
    }

    /// Shift+Delete: asked first, then deleted for good.
    func deletePermanently(_ photo: ChosenPhoto) {
        guard let path = localPath(photo) else { return }
        ask(path, name: photo.name, tr("Delete “%s” permanently? It cannot be undone."))
    }

    private func ask(_ path: String, name: String, _ template: String) {
        asked = (path, name)
        question.text = fill(template, name)
        question.revealed = true
        Trace.shared.emit(.trash(path: path, step: .asked, reason: nil))
    }

    private func delete(_ path: String, name: String) {
        edits.run({ Result { () throws(TrashFailure) in try PhotoTrash.delete(path) } }, done: { [weak self] outcome in
            switch outcome {
            case .success: Trace.shared.emit(.trash(path: path, step: .deleted, reason: nil))
            case .failure(let failure): self?.fail(path, fill(tr("Could not delete “%s”: %s"), name, failure.text))
            }
        })
    }

    private func fail(_ path: String, _ text: String) {
        Trace.shared.emit(.trash(path: path, step: .failed, reason: text))
        note.show(text, failed: true)
    }

    /// The photo's file, if it is one of a folder gallery's.
    private func localPath(_ photo: ChosenPhoto) -> String? {
        guard let path = photo.folderFilePath else {
            note.show(tr("Only photos in a folder on this computer can be moved to the trash"), failed: true)
            return nil
        }
        return path
    }
}

/// A photo asked to go to the trash, and where it went. (Sendable: its outcome is behind a lock.)
private final class TrashJob: Sendable {
    let path: String
    let outcome = Locked<Result<TrashedPhoto, TrashFailure>?>(nil)
    init(path: String) { self.path = path }
}

extension TrashFailure {
    /// Why, in the user's language.
    var text: String {
        switch self {
        case .noTrash: tr("this volume has no trash")
        case .failed(let words): words.worded(tr)
        }
    }
}
