// Why this exists: the window's side of a folder's whole listing: the folder is kept up to date from then on, and one that holds more photos than are listed, or subfolders that could not be read, says so in the window's bar.
import Foundation
import Gtk
import PhotoPipeline

extension GalleryWindow {
    /// A folder's whole listing: kept up to date from now on; one over the cap says so.
    func listed(_ contents: FolderContents) {
        guard let gallery else { return }
        follower.follow(contents, in: gallery)
        traceOrder(ms: 0)
        if !contents.unreadable.isEmpty {
            // Translators: %s is a list of folder names, each in quotes.
            let names = contents.unreadable.prefix(3).map { "“" + DisplayText.isolate($0) + "”" }.joined(separator: ", ")
                + (contents.unreadable.count > 3 ? " …" : "")
            errorBar.text = fill(trn("This subfolder could not be read, and its photos are not shown: %s",
                                     "These subfolders could not be read, and their photos are not shown: %s", contents.unreadable.count), names)
            errorBar.revealed = true
        }
        guard contents.isCapped else { return }
        let name = DisplayText.clean(gallery.manifest.source.lastPathComponent)
        errorBar.text = fill(tr("“%s” holds more than %s photos: the first %s found are shown."), DisplayText.isolate(name),
                             ViewerPage.number(FolderListing.maxPhotos), ViewerPage.number(FolderListing.maxPhotos))
        errorBar.revealed = true
    }
}
