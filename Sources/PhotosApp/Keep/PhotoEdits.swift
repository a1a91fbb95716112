// Why this exists: what Move to Trash and Rotate share: one queue that changes the user's files one step at a time, in the order asked (an Undo runs after the step it undoes; a stalled mount never holds up the window), and one Undo history for Ctrl+Z and the note's Undo, newest first.
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
