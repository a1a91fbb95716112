// Why this exists: a folder on a share opened in the window: the share mounted first through GVfs with GTK's own dialog (the header's spinner turns meanwhile), then listed as any gallery; a cancelled dialog leaves the window as it was, and a share that cannot be mounted says why, with Retry.
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
