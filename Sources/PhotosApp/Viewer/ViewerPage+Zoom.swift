// Why this exists: the viewer's zoom steps, one place for its own keys (plus, minus, 0) and for Ctrl+plus, Ctrl+minus and Ctrl+0, which the window hands to the viewer while it shows (in the list they size the thumbnails).
import Foundation

extension ViewerPage {
    /// In (1), out (-1) or to best fit (0).
    func zoomStep(_ direction: Int) {
        if direction > 0 { photo.zoom(by: 1.25) } else if direction < 0 { photo.zoom(by: 1 / 1.25) } else { photo.fit() }
    }
}
