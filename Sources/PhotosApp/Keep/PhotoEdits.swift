// Why this exists: what Move to Trash, Rotate and Rate and Flag share: one queue that changes the user's files one step at a time, in the order asked (an Undo runs after the step it undoes; a stalled mount never holds up the window), one Undo history for Ctrl+Z and the note's Undo, newest first, and the photo an edit changes.
import GalleryViews
import Foundation
import GLibRuntime
import PhotoPipeline

@MainActor
final class PhotoEdits {
    let queue = OperationQueue()
    /// Steps that can be undone, newest last.
    private var steps: [(id: Int, undo: @MainActor () -> Void)] = []
    private var nextID = 0

    init() {
        queue.name = "photo-edits"
        queue.maxConcurrentOperationCount = 1
    }

    /// Run `work` on the queue, then `done` with its result on the main loop.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T, done: @escaping @MainActor (T) -> Void) {
        queue.addOperation {
            let result = work()
            MainLoop.invoke { done(result) }
        }
    }

    /// Remember how to undo a step (pushed when it is asked for, so an Undo at once still finds
    /// it); the id forgets it if the step fails.
    func remember(_ undo: @escaping @MainActor () -> Void) -> Int {
        nextID += 1
        steps.append((nextID, undo))
        return nextID
    }

    func forget(_ id: Int) { steps.removeAll { $0.id == id } }

    /// Undo the newest step (Ctrl+Z, a note's Undo); nothing when there is none.
    func undo() { steps.popLast()?.undo() }
}

extension ChosenPhoto {
    /// The photo's file, when it is one of a folder gallery's (the only photos trashed or turned).
    var folderFilePath: String? {
        guard gallery.manifest.format == .folder, isUsersOwnFile else { return nil }
        return url.path
    }
}

/// A photo a file edit (Rotate, Rate and Flag) changes: its file, its name, and the gallery
/// showing it (not kept alive by an Undo).
struct EditedPhoto {
    /// Its file's path, or its URI on a share (`onShare`).
    let path: String
    let name: String
    let url: URL
    weak var gallery: PhotoGallery?
    let onShare: Bool
    /// The RAW file shown with it (it is the RAW's JPEG), edited with it.
    let companion: String?

    /// The photo's file on this computer or on a share; nil for any other (a web gallery's).
    @MainActor init?(_ photo: ChosenPhoto) {
        let onShare = photo.gallery.manifest.format == .share
        guard let path = onShare ? photo.url.absoluteString : photo.folderFilePath else { return nil }
        self.path = path
        name = photo.name
        url = photo.url
        gallery = photo.gallery
        self.onShare = onShare
        companion = onShare ? nil : photo.gallery.companion(of: photo.url)
    }
}
