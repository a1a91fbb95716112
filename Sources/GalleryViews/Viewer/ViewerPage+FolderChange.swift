// Why this exists: the viewer page follows a folder that changes under it: the photo shown keeps its zoom and pan at its new position, a deleted one gives way to its neighbour, and when no photo is left the viewer closes.
import Foundation
import PhotoPipeline
import GalleryContents

extension ViewerPage {
    /// The folder shown changed (the gallery applied it): the photo shown keeps its view at its
    /// new position, or its neighbour shows if it went. False when no photo is left (the
    /// viewer is closed; the window shows the empty folder).
    package func apply(_ change: FolderChange) -> Bool {
        guard let viewer, let before = viewer.row else { return true }
        guard viewer.apply(change) else {
            animation.stop()
            if isFullscreen { fullscreen(false) }
            self.viewer = nil
            zoom.setTexture(nil, width: 0, height: 0, keepView: false, upscale: false)
            shown = nil
            return false
        }
        // The same photo at another position keeps its view (zoom and pan); another one is new.
        // A changed file whose picture the viewer kept (the app's own marks or turn) keeps it too.
        if let shown, shown.row == before, let now = viewer.row, change.position(of: before) == now,
           !change.changed.contains(now) || viewer.image(for: now)?.image === shown.image {
            self.shown = (now, shown.full, shown.sepia, shown.image, shown.texture)
        } else {
            shown = nil
        }
        refresh()
        return true
    }
}
