// Why this exists: the gallery laid out as a list or a grid (the header's switch, Ctrl+1, Ctrl+2, `--view`), remembered, with the layout's own thumbnail size applied to the view and the gallery's pipeline together.
import GalleryViews
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

extension GalleryWindow {
    /// Lay the gallery out as `layout` (the `view` action's state): remembered; the view made
    /// again at the layout's thumbnail size, the gallery's work restarted at that size for what
    /// the new view shows, which the scheduler picks out once it is laid out.
    func setLayout(_ layout: GalleryLayout) {
        guard layout != list.layout else { return }
        services.preferences.layout = layout
        let size = services.preferences.thumbnailSize(for: layout)
        list.setLayout(layout, thumbnailSize: size)
        showLayoutButton()
        trace.emit(.layout(name: layout.rawValue))
        let pixels = Int(size * max(1, window.scaleFactor))
        if let gallery, gallery.settings.thumbnailPixels != pixels {
            gallery.setThumbnailPixels(pixels)
            trace.emit(.thumbnailSize(pixels: pixels))
        }
        scheduler.invalidate()
    }

    /// The switch shows the layout a click gives, and says so.
    func showLayoutButton() {
        let grid = list.layout == .list
        layoutButton.setIconName(grid ? "view-grid-symbolic" : "view-list-symbolic")
        layoutButton.tooltip = grid ? tr("Show as a Grid") : tr("Show as a List")
        layoutButton.setAccessible(label: grid ? tr("Show as a Grid") : tr("Show as a List"))
    }
}
