// Why this exists: the window's side of a folder kept up to date: one watcher for the folder shown, and each batch of changes it reports applied to the gallery, then the list, the viewer and the header, so they all agree on which row is which.
import GalleryViews
import Foundation
import PhotoPipeline
import GalleryContents
import PhotoTrace

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
    /// The folders whose changes are not seen (the system's limit on watches), as shown, and
    /// those before.
    var notFollowed: (_ names: [String], _ before: [String]) -> Void = { _, _ in }
    private var unfollowed: [String] = []
    /// The gallery's rows took a new order (`order` known, sorted in `ms`): for the trace.
    var sorted: (_ milliseconds: Double) -> Void = { _ in }
    /// Reads the facts of the folder's photos (dates, marks, what the filter asks).
    var dateReader: DateReader?
    /// The photos' marks were read again (the header's filter count, the viewer's photo).
    var marksRead: () -> Void = {}
    /// Every photo of the folder followed, shown through the filter or not (nil: none followed).
    var totalCount: Int? { watcher?.totalCount }
    /// The order wanted: the listing's until the user chooses another.
    private var wanted: PhotoOrder?

    init(list: GalleryList, navigation: ViewerNavigation, scheduler: OnscreenScheduler, pages: WindowPages) {
        self.list = list
        self.navigation = navigation
        self.scheduler = scheduler
        self.pages = pages
    }

    /// Keep `gallery` (a folder, listed as `contents`) up to date from now on; any folder
    /// followed before is let go.
    func follow(_ contents: FolderContents, in gallery: PhotoGallery) {
        let wanted = self.wanted
        stop()
        guard gallery.manifest.format == .folder else { return }
        self.gallery = gallery
        // (The listing is done: its contents are read here once before its watcher takes them.)
        gallery.companionsByPath = contents.companionPaths()
        if !gallery.companionsByPath.isEmpty { list.showMarks() }
        do {
            let watcher = try FolderWatcher(contents: contents, trace: gallery.trace)
            watcher.dateReader = dateReader
            watcher.onScreen = { [weak self] in self?.namesOnScreen() ?? [] }
            watcher.onChange = { [weak self, weak gallery] change in
                guard let self, let gallery, self.gallery === gallery else { return }
                // Dates read move rows only in an order by date: the view stays where it was.
                self.apply(change, to: gallery, keepTop: change.moves == nil ? .never : .unlessAtTop)
                if change.moves != nil { self.sorted(0) }
            }
            watcher.onMarks = { [weak self, weak gallery] marks in
                guard let self, let gallery, self.gallery === gallery else { return }
                gallery.marksByPath = marks
                self.list.showMarks()
                self.marksRead()
            }
            watcher.onNotFollowed = { [weak self] names in
                guard let self else { return }
                let before = self.unfollowed
                self.unfollowed = names
                self.notFollowed(names, before)
            }
            watcher.onGone = { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery else { return }
                self.gone(gallery)
            }
            self.watcher = watcher
            // Sorted in another order while the folder was being listed.
            if let wanted, wanted != contents.order { sort(wanted) } else { watcher.readDates() }
        } catch {
            // The folder went between its listing and now: it shows as listed; Reload reads it again.
        }
    }

    /// More of `gallery`'s folder, found by its listing after the first rows were shown.
    func grew(_ change: FolderChange, in gallery: PhotoGallery) {
        guard gallery.manifest.format == .folder else { return }
        gallery.trace.emit(.folderGrew(added: change.inserted.count, total: change.count))
        apply(change, to: gallery, keepTop: .unlessAtTop)
    }

    /// A share's folder listed again (`ShareRelisting`): what went or arrived merged in, the
    /// photo at the top of the view staying there.
    func relisted(_ change: FolderChange, in gallery: PhotoGallery) {
        apply(change, to: gallery, keepTop: .always)
    }

    /// Sort the folder shown in `order`, keeping the photo at the top of the view there; before
    /// its listing ends, once it has.
    func sort(_ order: PhotoOrder) {
        wanted = order
        guard let watcher, let gallery else { return }
        watcher.reorder(order) { [weak self, weak gallery] change, milliseconds in
            guard let self, let gallery, self.gallery === gallery else { return }
            if let change { self.apply(change, to: gallery, keepTop: .always) }
            self.sorted(milliseconds)
        }
    }

    /// Show the folder through `filter`, the photo at the top of the view staying there if it
    /// still shows; `done` gets how long it took on the watcher's queue.
    func filter(_ filter: PhotoFilter, done: @escaping (_ milliseconds: Double) -> Void) {
        guard let watcher, let gallery else { return }
        watcher.filter(filter) { [weak self, weak gallery] change, _, _, milliseconds in
            guard let self, let gallery, self.gallery === gallery else { return }
            if let change { self.apply(change, to: gallery, keepTop: .always) } else { self.countChanged() }
            done(milliseconds)
        }
    }

    /// The tags used in the folder followed, most used first (none: no folder).
    func tagsUsed(_ done: @escaping @MainActor ([String]) -> Void) {
        guard let watcher else { return done([]) }
        watcher.tagsUsed(done)
    }

    /// The rows of the photos at `paths` in the folder followed, by path (none: no folder).
    func rows(ofPaths paths: Set<String>, _ done: @escaping @MainActor ([String: Int]) -> Void) {
        guard let watcher else { return done([:]) }
        watcher.rows(ofPaths: paths, done)
    }

    func stop() {
        unfollowed = []
        watcher?.stop()
        watcher = nil
        gallery = nil
        wanted = nil
    }

    /// The names on disk of the photos on screen (their dates are read first).
    private func namesOnScreen() -> Set<String> {
        guard let gallery else { return [] }
        return Set(list.visibleRows().compactMap { gallery.records.entry($0).url?.lastPathComponent })
    }

    /// `keepTop`: where the view goes (see GalleryList.apply).
    private func apply(_ change: FolderChange, to gallery: PhotoGallery, keepTop: KeepTop) {
        let paired = change.companions.map { $0 != gallery.companionsByPath } ?? false
        if let companions = change.companions { gallery.companionsByPath = companions }
        gallery.apply(change)
        list.apply(change, keepTop: keepTop)
        // A RAW joined its JPEG, or left it: the rows bound say so.
        if paired { list.showMarks() }
        navigation.apply(change)
        scheduler.invalidate()
        countChanged()
        // No photo left: the empty page says so (and offers another); one back: the list.
        // (A filter that shows none of the folder's photos leaves the list, and the filter bar, on screen.)
        if gallery.count == 0, (watcher?.totalCount ?? 0) == 0 {
            pages.empty.showNoPhotos(in: gallery.manifest.title)
            pages.show(.empty)
        } else if pages.current == .empty {
            pages.empty.clearNote()
            pages.show(.list)
        }
    }
}
