// Why this exists: what the window shows when a gallery cannot be shown: a manifest that failed (the error bar with Retry, over what was shown before), and a load the app stopped in last time (the empty page, not reopened).
import AppLanguage
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoFetching
import GalleryContents
import PhotoTrace

extension GalleryWindow {
    /// The app stopped while `uri` was loading last time: it is not reopened; the empty page
    /// says so and offers it among the recent galleries.
    func showInterrupted(_ uri: String) {
        trace.emit(.interrupted(source: uri))
        pages.empty.showInterrupted(ManifestParser.title(for: URL(string: uri) ?? URL(fileURLWithPath: uri)))
        pages.show(.empty)
    }

    func showError(_ error: ManifestError, source: URL) {
        trace.emit(.manifestFailed(reason: error.description, source: source.absoluteString))
        let name = DisplayText.clean(source.isFileURL ? source.lastPathComponent : Redacted.url(source.absoluteString))
        errorBar.text = fill(tr("Could not open “%s”: %s"), DisplayText.isolate(name), error.words.translated)
        errorBar.revealed = true
        // The gallery shown before, or the rows read before the fault, stay; with none, the
        // empty page offers Open.
        pages.show(gallery == nil ? .empty : .list)
        updateSubtitle()
    }
}
