// Why this exists: a folder on a share opened in the window: the share mounted first through GVfs with GTK's own dialog (the header's spinner turns meanwhile), then listed as any gallery; a cancelled dialog leaves the window as it was, and a share that cannot be mounted says why, with Retry. Its backend reports no changes, so the folder is listed again when the window gains the focus.
import AppLanguage
import Foundation
import Gtk
import PhotoFormats
import PhotoFetching
import PhotoPipeline
import GalleryContents
import PhotoTrace

extension GalleryWindow {
    func mountThenLoad(_ source: URL) {
        loadingSpinner.visible = true
        loadingSpinner.spinning = true
        trace.emit(.shareMounting(source: Redacted.url(source.absoluteString)))
        ShareMount.mount(source.absoluteString, parent: window) { [weak self] outcome in
            guard let self else { return }
            self.loadingSpinner.spinning = false
            self.loadingSpinner.visible = false
            self.trace.emit(.shareMounted(source: Redacted.url(source.absoluteString), outcome: outcome.traceWord))
            switch outcome {
            case .mounted:
                self.services.fetcher.files.shareMountedAgain(source)
                self.loadMounted(source)
            case .alreadyMounted:
                self.loadMounted(source)
            case .cancelled:
                break
            case .failed(let reason):
                self.loader.failedToStart(source)
                self.showError(ManifestError(Words("the share could not be opened: %1$s", reason)), source: source)
            }
        }
    }
}

extension GalleryWindow {
    /// A share's backend reports no changes: its folder is listed again each time the window
    /// gains the focus, and what went or arrived is merged in without moving the view.
    func followSharesOnFocus() {
        window.onActiveChanged { [weak self] in
            guard let self, self.window.isActive else { return }
            self.relistShare()
        }
    }

    /// Follow the mount of the share `manifest` lists (any share followed before is let go): one
    /// unmounted from outside is said in the window, with Retry, and the rows shown stay.
    func watchShare(_ manifest: Manifest) {
        shareWatch?.stop()
        shareWatch = nil
        guard manifest.format == .share else { return }
        let source = manifest.source
        shareWatch = ShareMountWatch(source.absoluteString) { [weak self] in
            guard let self, self.gallery?.manifest.source == source else { return }
            self.trace.emit(.shareUnmounted(source: Redacted.url(source.absoluteString)))
            let name = DisplayText.clean(Redacted.url(source.absoluteString))
            self.errorBar.text = fill(tr("The share of “%s” was unmounted: its photos cannot be read until it is mounted again (Retry)"), DisplayText.isolate(name))
            self.errorBar.revealed = true
        }
    }

    func relistShare() {
        guard let gallery, gallery.manifest.format == .share, rowsComplete, let source else { return }
        // The rows' URIs as the listing wrote them (no URL made of each, on the main loop).
        let rows = gallery.records.rows
        let shown = (0..<rows.count).map { rows.rawURL($0) }
        // Sorted otherwise than listed (by name): merged in that order, and what arrived sorted in.
        let sorted = shownShareOrder != PhotoOrder(.name), generation = shareSort.generation
        // The photos the filter keeps aside stay out of the rows.
        loader.relist(source, shown: shown, inListingOrder: !sorted, subfolders: includesSubfolders(loading: source)(source),
                      before: shareSort.facts, leftOut: shareSort.filter.hiddenURIs) { [weak self, weak gallery] result in
            guard let self, let gallery, self.gallery === gallery else { return }
            // The rows were sorted or filtered meanwhile: listed again against them.
            guard self.shareSort.generation == generation else {
                self.trace.emit(.shareRedone(what: "listing"))
                return self.relistShare()
            }
            switch result {
            case .success(let (change?, facts)):
                self.trace.emit(.shareRelisted(added: change.inserted.count, removed: change.removed.count, changed: change.changed.count, reason: nil))
                self.shareSort.generation += 1
                self.follower.relisted(change, in: gallery)
                self.shareListed(facts)
                // What arrived sorted in (and, by date, its dates read), and measured against the filter.
                if sorted || self.order != PhotoOrder(.name) { self.sortShare(keepTop: .always) }
                if !self.shareSort.asked.isEmpty { self.applyFilter(self.shareSort.asked) }
            case .success((nil, let facts)):
                self.trace.emit(.shareRelisted(added: 0, removed: 0, changed: 0, reason: nil))
                self.shareListed(facts)
            case .failure(let error):
                // The rows shown stay; those that cannot be read say so as they are read.
                self.trace.emit(.shareRelisted(added: 0, removed: 0, changed: 0, reason: error.description))
            }
        }
    }
}

extension ShareMount.Outcome {
    /// As the trace says it.
    var traceWord: String {
        switch self {
        case .mounted: "mounted"
        case .alreadyMounted: "already mounted"
        case .cancelled: "cancelled"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
