// Why this exists: the window's side of a folder's whole listing: the folder is kept up to date from then on, and one that holds more photos than are listed, subfolders that could not be read, or folders the system's limit on watches leaves unfollowed, say so in the window's bar.
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline
import GalleryContents

extension GalleryWindow {
    /// A folder's whole listing: kept up to date from now on; one over the cap says so.
    func listed(_ contents: FolderContents) {
        scheduler.releaseHold()
        guard let gallery else { return }
        follower.notFollowed = { [weak self] names, before in self?.sayNotFollowed(names, before: before) }
        follower.follow(contents, in: gallery)
        traceOrder(ms: 0)
        sayListingLimits(unreadable: contents.unreadable, capped: contents.isCapped)
    }

    /// Subfolders of the folder shown (here or on a share) that could not be read, and whether
    /// it holds more photos than are listed: said in the bar.
    func sayListingLimits(unreadable: [String], capped: Bool) {
        guard let gallery else { return }
        if !unreadable.isEmpty {
            // Translators: %s is a list of folder names, each in quotes.
            errorBar.text = fill(trn("This subfolder could not be read, and its photos are not shown: %s",
                                     "These subfolders could not be read, and their photos are not shown: %s", unreadable.count),
                                 Self.quoted(unreadable))
            errorBar.revealed = true
        }
        guard capped else { return }
        let name = DisplayText.clean(gallery.manifest.source.lastPathComponent)
        errorBar.text = fill(tr("“%s” holds more than %s photos: the first %s found are shown."), DisplayText.isolate(name),
                             ViewerPage.number(FolderListing.maxPhotos), ViewerPage.number(FolderListing.maxPhotos))
        errorBar.revealed = true
    }

    /// Folders whose changes the app cannot see (the system's limit on file watches): named in
    /// the bar until all are followed again.
    private func sayNotFollowed(_ names: [String], before: [String]) {
        guard !names.isEmpty else {
            if !before.isEmpty { errorBar.revealed = false }
            return
        }
        // Translators: %s is a list of folder names, each in quotes.
        errorBar.text = fill(trn("The system's limit on watched folders is reached: changes in this folder show only when you reload: %s",
                                 "The system's limit on watched folders is reached: changes in these folders show only when you reload: %s",
                                 names.count), Self.quoted(names))
        errorBar.revealed = true
    }

    /// The first three folder names, each in quotes (isolated, so a right-to-left name does not
    /// reorder the sentence), then "…" if there are more.
    static func quoted(_ names: [String]) -> String {
        names.prefix(3).map { "“" + DisplayText.isolate($0) + "”" }.joined(separator: ", ") + (names.count > 3 ? " …" : "")
    }
}
