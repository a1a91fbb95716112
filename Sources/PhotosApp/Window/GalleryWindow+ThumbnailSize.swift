// Why this exists: the rows' (or the grid's cells') thumbnail size, set with Ctrl+plus, Ctrl+minus, Ctrl+0 or the primary menu, remembered in GSettings for each layout, and applied to the list's rows and the gallery's pipeline together.
import GalleryViews
import Foundation
import GLibRuntime
import PhotoPipeline
import PhotoTrace

extension GalleryWindow {
    /// Ctrl+plus (1), Ctrl+minus (-1), Ctrl+0 (0): the thumbnail size that step leads to; nil
    /// in the viewer, whose photo zooms in, out or to best fit instead.
    func thumbnailStep(_ direction: Int) -> Int32? {
        if page == .viewer {
            viewerPage.zoomStep(direction)
            return nil
        }
        let size = list.thumbnailSize
        return direction > 0 ? ThumbnailSizes.larger(than: size) : direction < 0 ? ThumbnailSizes.smaller(than: size) : list.layout.standardSize
    }

    /// The rows' thumbnails at `size` points (the `thumbnail-size` action's state): remembered,
    /// the rows' slots resized (each keeps its image, scaled, for now), and the gallery's work
    /// restarted at the new size for the rows on screen and in the prefetch band, which the
    /// scheduler picks out once the list is laid out again.
    func setThumbnailSize(_ size: Int32) {
        let size = ThumbnailSizes.step(size)
        services.preferences.setThumbnailSize(size, for: list.layout)
        guard size != list.thumbnailSize else { return }
        list.setThumbnailSize(size)
        let pixels = Int(size * max(1, window.scaleFactor))
        gallery?.setThumbnailPixels(pixels)
        trace.emit(.thumbnailSize(pixels: pixels))
        scheduler.invalidate()
    }
}
