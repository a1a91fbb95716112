// Why this exists: decides when a bound row gets work: at once when idle, not while the user scrolls (see ScrollTracker for the rest).
import Foundation
import Gtk
import PhotoPipeline

@MainActor
final class RowWorkScheduler {
    private(set) var gallery: PhotoGallery?
    /// True between scroll-begin and scroll-end: bound rows start nothing.
    private(set) var isScrolling = false

    func attach(_ gallery: PhotoGallery?) {
        self.gallery = gallery
        gallery?.isRowWanted = { [weak self] _ in self?.isScrolling == false }
    }

    /// A row came into the list: start its work unless the user is scrolling.
    func rowBound(_ row: Int) {
        guard !isScrolling, let gallery else { return }
        gallery.startOperations(for: row, priority: .high)
    }
}
