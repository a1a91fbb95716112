// Why this exists: the window's side of a folder kept up to date: one watcher for the folder shown, and each batch of changes it reports applied to the gallery, then the list, the viewer and the header, so they all agree on which row is which.
import Foundation
import PhotoPipeline

@MainActor
final class FolderFollower {
    private let list: GalleryList
    private let navigation: ViewerNavigation
    private let scheduler: OnscreenScheduler
    private let pages: WindowPages
    private var watcher: FolderWatcher?
    private weak var gallery: PhotoGallery?
    /// After a change: the header's count.
    var countChanged: () -> Void = {}
    /// The folder itself was deleted or moved away.
    var gone: (PhotoGallery) -> Void = { _ in }

    init(list: GalleryList, navigation: ViewerNavigation, scheduler: OnscreenScheduler, pages: WindowPages) {
        self.list = list
        self.navigation = navigation
        self.scheduler = scheduler
        self.pages = pages
    }

    /// Keep `gallery` (a folder, listed as `contents`) up to date from now on; any folder
    /// followed before is let go.
    func follow(_ contents: FolderContents, in gallery: PhotoGallery) {
        stop()
        guard gallery.manifest.format == .folder else { return }
        self.gallery = gallery
        do {
            let watcher = try FolderWatcher(contents: contents)
            watcher.onChange = { [weak self, weak gallery] change in
                guard let self, let gallery, self.gallery === gallery else { return }
                self.apply(change, to: gallery)
            }
            watcher.onGone = { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery else { return }
                self.gone(gallery)
            }
            self.watcher = watcher
        } catch {
            // GIO watches with inotify, else by polling the folder, so this is rare (the folder
            // went between its listing and now): the folder shows as listed; Reload reads it again.
        }
    }

    /// More of `gallery`'s folder, found by its listing after the first rows were shown.
    func grew(_ change: FolderChange, in gallery: PhotoGallery) {
        guard gallery.manifest.format == .folder else { return }
        Trace.shared.emit(.folderGrew(added: change.inserted.count, total: change.count))
        apply(change, to: gallery, listing: true)
    }

    func stop() {
        watcher?.stop()
        watcher = nil
        gallery = nil
    }

    /// `listing`: the change is the listing's, not the folder's on disk (see GalleryList.apply).
    private func apply(_ change: FolderChange, to gallery: PhotoGallery, listing: Bool = false) {
        gallery.apply(change)
        list.apply(change, listing: listing)
        navigation.apply(change)
        scheduler.invalidate()
        countChanged()
        // No photo left: the empty page says so (and offers another); one back: the list.
        if gallery.count == 0 {
            pages.empty.showNoPhotos(in: gallery.manifest.title)
            pages.show(.empty)
        } else if pages.current == .empty {
            pages.empty.clearNote()
            pages.show(.list)
        }
    }
}
