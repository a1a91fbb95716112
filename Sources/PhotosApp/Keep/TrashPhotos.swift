// Why this exists: Move to Trash (Delete) and Delete Permanently (Shift+Delete, asked first) for the photo the viewer shows, the selected photos or the focused row of a folder gallery (a RAW file shown with its JPEG with it, `PairTrash`), with Undo (the note's button, Ctrl+Z, in the history it shares with Rotate) putting photos back newest first. A volume with no trash asks before deleting, as Nautilus does, and so does a share (GVfs's SMB, SFTP and WebDAV backends have none), deleting only a photo the share still says the same of. The folder's watcher moves the rows and the viewer.
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import GalleryContents
import PhotoTrace

@MainActor
final class TrashPhotos {
    /// "Delete permanently?", in the window.
    let question = InfoBar(type: .warning)
    private let note: WindowNote
    private let application: Application
    /// The queue the files are changed on, and the Undo history.
    private let edits: PhotoEdits
    /// The photos the question is about, each as it was when asked (its folder and file, by
    /// device and inode: what is deleted is what was asked about, or nothing).
    private var asked: [AskedPhoto] = []
    /// A photo on a share was deleted: its folder is listed again (a share reports no changes).
    var shareChanged: () -> Void = {}
    static let deleteResponse: Int32 = 1
    static let cancelResponse: Int32 = 2

    /// Where each step of a trash, restore or delete is said.
    private let trace: Trace

    init(note: WindowNote, application: Application, edits: PhotoEdits, trace: Trace) {
        self.trace = trace
        self.note = note
        self.application = application
        self.edits = edits
        question.addButton(tr("_Cancel"), id: Self.cancelResponse)
        question.addButton(tr("_Delete"), id: Self.deleteResponse)
        question.revealed = false
        question.onResponse { [weak self] response in
            guard let self else { return }
            let asked = self.asked
            self.asked = []
            question.revealed = false
            for item in asked {
                if response == Self.deleteResponse { delete(item) } else { trace.emit(.trash(path: item.path, step: .kept, reason: nil)) }
            }
        }
    }

    /// The gallery shown: only a folder's photos (on this computer, the user's, or on a share) can
    /// be trashed or turned; a share's are deleted, asked first (a share has no trash).
    func galleryShown(_ manifest: Manifest) {
        for action in ["trash", "delete", "rotate-clockwise", "rotate-anticlockwise", "trash-rejects"] {
            application.setActionEnabled(action, manifest.format == .folder && manifest.isUsersOwn || manifest.format == .share)
        }
    }

    /// Move the photos to the trash; one Undo puts them all back.
    func trash(_ photos: [ChosenPhoto]) {
        if let shared = sharedFiles(photos) {
            return ask(shared, one: tr("“%s” cannot be moved to the trash here. Delete it permanently?"),
                       many: trn("%s photo cannot be moved to the trash here. Delete it permanently?",
                                 "%s photos cannot be moved to the trash here. Delete them permanently?", shared.count), onShare: true)
        }
        guard let items = localFiles(photos) else { return }
        let jobs = items.map { TrashJob(path: $0.path, companion: $0.companion) }
        let step = edits.remember { [weak self] in for job in jobs.reversed() { self?.restore(job) } }
        let batch = TrashBatch(count: jobs.count, step: step)
        for (job, item) in zip(jobs, items) {
            edits.run({
                let outcome = Result { () throws(TrashFailure) in try PairTrash.trash(job.path, companion: job.companion) }
                job.outcome.withLock { $0 = outcome }
                return outcome
            }, done: { [weak self] outcome in self?.trashed(item, batch, outcome) })
        }
    }

    private func trashed(_ item: Item, _ batch: TrashBatch, _ outcome: Result<TrashedPair, TrashFailure>) {
        batch.pending -= 1
        switch outcome {
        case .success:
            trace.emit(.trash(path: item.path, step: .trashed, reason: nil))
            batch.moved.append(item.name)
        case .failure(.noTrash): batch.withoutTrash.append(item)
        case .failure(let failure): fail(item.path, fill(tr("Could not move “%s” to the trash: %s"), item.name, failure.text))
        }
        guard batch.pending == 0 else { return }
        if batch.moved.isEmpty {
            edits.forget(batch.step)
        } else {
            let text = batch.moved.count == 1 ? fill(tr("“%s” moved to the trash"), batch.moved[0])
                : fill(trn("%s photo moved to the trash", "%s photos moved to the trash", batch.moved.count), "\(batch.moved.count)")
            note.show(text, button: (tr("_Undo"), { [weak self] in self?.edits.undo() }))
        }
        if !batch.withoutTrash.isEmpty {
            ask(batch.withoutTrash, one: tr("“%s” cannot be moved to the trash here. Delete it permanently?"),
                many: trn("%s photo cannot be moved to the trash here. Delete it permanently?",
                          "%s photos cannot be moved to the trash here. Delete them permanently?", batch.withoutTrash.count))
        }
    }

    /// Put a trashed photo back (its Undo), once its move to the trash has run.
    private func restore(_ job: TrashJob) {
        edits.run({ () -> Result<Void, TrashFailure>? in
            guard case .success(let trashed)? = job.outcome.withLock({ $0 }) else { return nil }
            return Result { () throws(TrashFailure) in try PairTrash.restore(trashed) }
        }, done: { [weak self, trace] outcome in
            switch outcome {
            case .success?: trace.emit(.trash(path: job.path, step: .restored, reason: nil))
            case .failure(let failure)?:
                let name = (job.path as NSString).lastPathComponent
                self?.fail(job.path, fill(tr("Could not put “%s” back: %s"), name, failure.text))
            case nil: break
            }
        })
    }

    /// Shift+Delete: asked first, then deleted for good.
    func deletePermanently(_ photos: [ChosenPhoto]) {
        let shared = sharedFiles(photos)
        guard let items = shared ?? localFiles(photos) else { return }
        ask(items, one: tr("Delete “%s” permanently? It cannot be undone."),
            many: trn("Delete %s photo permanently? It cannot be undone.", "Delete %s photos permanently? They cannot be undone.", items.count),
            onShare: shared != nil)
    }

    /// The question, about one photo (`one` names it) or several (`many` counts them).
    /// `onShare`: the items are URIs on a share, each checked by what the share says of it as
    /// it is asked (read on the edits' queue, before any delete that follows).
    private func ask(_ items: [Item], one: String, many: String, onShare: Bool = false) {
        asked = items.map { item in
            guard onShare else {
                return AskedPhoto(path: item.path, name: item.name, identity: PhotoTrash.identify(item.path),
                                  companion: item.companion.flatMap(PhotoTrash.identify), shared: nil)
            }
            let shared = SharedStamp()
            edits.run({ shared.value.withLock { $0 = ShareDeletion.stamp(item.path) } }, done: { _ in })
            return AskedPhoto(path: item.path, name: item.name, identity: nil, companion: nil, shared: shared)
        }
        question.text = items.count == 1 ? fill(one, items[0].name) : fill(many, "\(items.count)")
        question.revealed = true
        for item in items { trace.emit(.trash(path: item.path, step: .asked, reason: nil)) }
    }

    private func delete(_ item: AskedPhoto) {
        let (path, name) = (item.path, item.name)
        edits.run({
            Result { () throws(TrashFailure) in
                if let shared = item.shared { return try ShareDeletion.delete(path, ifStill: shared.value.withLock { $0 }) }
                guard let identity = item.identity else { throw .failed(Words("it is no longer there")) }
                try PairTrash.delete(identity, companion: item.companion)
            }
        }, done: { [weak self, trace] outcome in
            switch outcome {
            case .success:
                trace.emit(.trash(path: path, step: .deleted, reason: nil))
                if item.shared != nil { self?.shareChanged() }
            case .failure(let failure): self?.fail(path, fill(tr("Could not delete “%s”: %s"), name, failure.text))
            }
        })
    }

    private func fail(_ path: String, _ text: String) {
        trace.emit(.trash(path: path, step: .failed, reason: text))
        note.show(text, failed: true)
    }

    /// The photos' URIs, if each is one of a share's gallery's (nil: not a share's).
    private func sharedFiles(_ photos: [ChosenPhoto]) -> [Item]? {
        guard let first = photos.first, first.gallery.manifest.format == .share else { return nil }
        return photos.map { (path: $0.url.absoluteString, name: $0.name, companion: nil) }
    }

    /// The photos' files, if each is one of a folder gallery's (with the RAW file shown with a JPEG).
    private func localFiles(_ photos: [ChosenPhoto]) -> [Item]? {
        let items = photos.compactMap { photo in
            photo.folderFilePath.map { (path: $0, name: photo.name, companion: photo.gallery.companion(of: photo.url)) }
        }
        guard !items.isEmpty, items.count == photos.count else {
            note.show(tr("Only photos in a folder on this computer can be moved to the trash"), failed: true)
            return nil
        }
        return items
    }
}

/// A photo the question is about, as it was when asked: a local file by its folder's and its
/// own device and inode, a share's by what the share said of it.
private struct AskedPhoto: Sendable {
    let path: String, name: String
    let identity: PhotoIdentity?
    /// The RAW file shown with the photo (its JPEG), deleted with it.
    let companion: PhotoIdentity?
    let shared: SharedStamp?
}

/// What a share said of a photo as it was asked (read on the edits' queue).
private final class SharedStamp: Sendable {
    let value = Locked<String?>(nil)
}

/// Photos asked to go to the trash together: one note, one Undo, one question.
@MainActor
private final class TrashBatch {
    var pending: Int
    let step: Int
    var moved: [String] = []
    var withoutTrash: [Item] = []
    init(count: Int, step: Int) { pending = count; self.step = step }
}

/// A photo asked to go to the trash, and where it went. (Sendable: its outcome is behind a lock.)
private final class TrashJob: Sendable {
    let path: String
    /// The RAW file shown with the photo (its JPEG), trashed and put back with it.
    let companion: String?
    let outcome = Locked<Result<TrashedPair, TrashFailure>?>(nil)
    init(path: String, companion: String?) {
        self.path = path
        self.companion = companion
    }
}

/// A photo the user chose: its path (a share's URI), its name, and the RAW file shown with it.
private typealias Item = (path: String, name: String, companion: String?)

extension TrashFailure {
    /// Why, in the user's language.
    var text: String {
        switch self {
        case .noTrash: tr("this volume has no trash")
        case .failed(let words): words.translated
        }
    }
}
