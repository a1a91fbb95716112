// Why this exists: the window's side of the filter bar: Ctrl+F opens it over a folder gallery, each filter asked is applied by the folder's watcher off the main loop and said in the trace, the header counts what shows ("42 of 812 photos"), and the bar steps aside while the viewer shows a photo.
import AppLanguage
import Foundation
import GalleryViews
import GalleryContents
import Gtk
import PhotoPipeline
import PhotoTrace

extension GalleryWindow {
    func assembleFilter() {
        StyleSheet.add(PhotoMarksText.css)
        filterBar.changed = { [weak self] filter in self?.applyFilter(filter) }
        pages.shown.add { [weak self] page in
            guard let self else { return }
            self.filterBar.bar.visible = self.filterOpen && page == .list
        }
        follower.marksRead = { [weak self] in self?.updateSubtitle() }
        filterBar.typing = { [weak self] typing in self?.lendKeys(typing) }
    }

    /// The app's actions whose keys text editing uses too (P, X, U, Delete, Ctrl+C, Ctrl+Z).
    static let editingActions = ["app.pick", "app.reject", "app.unflag", "app.trash", "app.delete", "app.copy", "app.undo"]
    /// What they hold while lent: a key no keyboard sends. Never none: setting `app.trash`'s
    /// keys to none right after a folder opened made GTK 4.8 fail a critical (`g_object_unref`)
    /// as it passed the change on to a menu item's `accel` (ListWideningAppTests caught it).
    static let lentKeyStandIn = ["<Primary><Alt><Shift>F24"]

    /// While the filter's entry has the keyboard, those keys type, select, copy and undo its
    /// text (an application's keys come before a window's widgets in GTK 4); given back after,
    /// as they were.
    private func lendKeys(_ typing: Bool) {
        if typing, lentKeys.isEmpty {
            for action in Self.editingActions {
                lentKeys[action] = application.accels(for: action)
                application.setAccels(for: action, Self.lentKeyStandIn)
            }
        } else if !typing {
            for (action, keys) in lentKeys { application.setAccels(for: action, keys) }
            lentKeys = [:]
        }
    }

    /// Whether the gallery shown is a folder, here or on a share (what the bar filters).
    var filters: Bool { gallery.map { $0.manifest.format == .folder || $0.manifest.format == .share } ?? false }

    /// Ctrl+F: open the bar (on a folder gallery's list), or close it and show every photo.
    func toggleFilter() {
        guard filters else { return note.show(tr("Only a folder’s photos can be filtered"), failed: true) }
        guard pages.current == .list else { return }
        filterOpen.toggle()
        if filterOpen { filterBar.open() } else { filterBar.close() }
    }

    /// The `filter` action (scripts, the benchmark): the bar open with `text` in its entry.
    func setFilterText(_ text: String) {
        guard filters, pages.current == .list else { return }
        if !filterOpen {
            filterOpen = true
            filterBar.open()
        }
        filterBar.entry.text = text
    }

    /// Show the gallery through `filter`: a local folder's by its watcher, a share's on a worker.
    func applyFilter(_ filter: PhotoFilter) {
        if filter.isEmpty { filterOpen = filterBar.isOpen }
        let asked = Date()
        let done: @MainActor (Double) -> Void = { [weak self] queueMs in
            guard let self, let gallery = self.gallery else { return }
            let total = self.filteredTotal ?? gallery.count
            // From the filter asked to its rows in the list (the queue's part and the main loop's).
            self.trace.emit(.filtered(shown: gallery.count, total: total, query: filter.summary, ms: Date().timeIntervalSince(asked) * 1000,
                                      queueMs: queueMs))
            self.updateSubtitle()
        }
        if gallery?.manifest.format == .share { filterShare(filter, done: done) } else { follower.filter(filter, done: done) }
    }

    /// Every photo of the gallery shown, shown through the filter or not (nil: not filtered).
    private var filteredTotal: Int? { shareTotalCount ?? follower.totalCount }

    /// The header's count: "812 photos", or through a filter "42 of 812 photos".
    func photoCountText(_ gallery: PhotoGallery) -> String {
        guard !filterBar.filter.isEmpty, let total = filteredTotal else {
            // (The bar's own count goes with the filter.)
            filterBar.showCount(shown: gallery.count, total: gallery.count)
            return PhotoCount.text(gallery.count)
        }
        filterBar.showCount(shown: gallery.count, total: total)
        return fill(trn("%s of %s photo", "%s of %s photos", total), PhotoCount.number(gallery.count), PhotoCount.number(total))
    }
}
