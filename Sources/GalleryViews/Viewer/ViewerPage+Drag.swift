// Why this exists: the viewer's photo dragged out of the window (at best fit; zoomed in, a drag pans it), offering what DragOut makes of the photo as shown.
import Gtk

extension ViewerPage {
    package func allowDragOut() {
        let drag = DragSource()
        drag.onPrepare { [weak self] in
            guard let self, self.zoom.isBestFit, let viewer = self.viewer, let shown = self.shown, shown.row == viewer.row,
                  let photo = PhotoChoice.current(viewer: viewer, list: nil) else { return nil }
            return self.drags?.content(photo, shown: shown.texture)
        }
        photo.addController(drag)
    }
}
