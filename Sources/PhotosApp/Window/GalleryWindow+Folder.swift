// Why this exists: the window's side of a folder's whole listing: the folder is kept up to date from then on, and one that holds more photos than are listed says so in the window's bar.
import Foundation
import Gtk
import PhotoPipeline

extension GalleryWindow {
    /// A folder's whole listing: kept up to date from now on; one over the cap says so.
    func listed(_ contents: FolderContents) {
        guard let gallery else { return }
        follower.follow(contents, in: gallery)
        traceOrder(ms: 0)
        guard contents.isCapped else { return }
        let name = DisplayText.clean(gallery.manifest.source.lastPathComponent)
        errorBar.text = fill(tr("“%s” holds more than %s photos: the first %s found are shown."), DisplayText.isolate(name),
                             ViewerPage.number(FolderListing.maxPhotos), ViewerPage.number(FolderListing.maxPhotos))
        errorBar.revealed = true
    }
}
