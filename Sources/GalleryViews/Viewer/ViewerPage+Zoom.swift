// Why this exists: the viewer's zoom: its steps, one place for its own keys (plus, minus, 0) and for Ctrl+plus, Ctrl+minus and Ctrl+0, which the window hands to the viewer while it shows (in the list they size the thumbnails), and what a zoom asks for: the photo at full size, or a drawing rendered again.
import Foundation
import PhotoPipeline
import PhotoTrace

extension ViewerPage {
    /// In (1), out (-1) or to best fit (0).
    package func zoomStep(_ direction: Int) {
        if direction > 0 { zoom.zoom(by: ZoomGeometry.step) } else if direction < 0 { zoom.zoom(by: 1 / ZoomGeometry.step) } else { zoom.fit() }
    }

    /// The photo's size as shown (oriented): the decoded image scaled up to the size it declares.
    package static func photoSize(_ full: FullImage) -> (width: Int, height: Int) {
        let image = full.image
        // A drawing: the size it first showed at, whatever size it was rendered at since.
        if let drawn = full.details.drawingSize { return (drawn.width, drawn.height) }
        let declared = max(full.details.width, full.details.height)
        let decoded = max(image.width, image.height)
        guard !full.fullResolution, declared > decoded, decoded > 0 else { return (image.width, image.height) }
        let scale = Double(declared) / Double(decoded)
        return (Int((Double(image.width) * scale).rounded()), Int((Double(image.height) * scale).rounded()))
    }

    package func zoomChanged() {
        guard let viewer, let row = viewer.row, let full = viewer.image(for: row) else { return }
        trace.emit(.zoom(row: row, zoom: (zoom.zoom * 1000).rounded() / 1000))
        // Zoomed past the screen-sized decode's own pixels: ask for the full one; a drawing is
        // rendered again, a quarter larger than the zoom needs (the next steps stay sharp).
        let needed = zoom.zoom * Double(Self.photoSize(full).width) * Double(photo.scaleFactor)
        if needed > Double(full.image.width) * 1.01 {
            if full.isDrawing {
                let longest = Double(max(full.image.width, full.image.height)) / Double(full.image.width)
                viewer.wantDrawing(side: Int((needed * 1.25 * longest).rounded(.up)))
            } else if !full.isSharpest {
                viewer.wantFullResolution()
            }
        }
        photo.setAccessible(label: viewer.gallery.records[row].name, description: zoomText)
    }

}
