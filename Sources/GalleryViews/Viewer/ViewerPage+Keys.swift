// Why this exists: the viewer's keys (the window routes them here while the viewer shows) and the mouse's back and forward buttons, GNOME's image viewer's where they overlap.
import Gtk

extension ViewerPage {
    /// The mouse's back and forward buttons (8 and 9, as GDK numbers them): the previous and
    /// next photo, as in GNOME's image viewer.
    package func takeSideButtons() {
        sideButtons.onPressed { [weak self] _, _, _ in
            guard let self, let row = self.viewer?.row, let last = self.viewer.map({ $0.gallery.count - 1 }) else { return }
            switch self.sideButtons.currentButton {
            case 8: self.move(to: max(0, row - 1))
            case 9: self.move(to: min(last, row + 1))
            default: break
            }
        }
        container.addController(sideButtons)
    }

    /// The viewer's keys (the window routes them here while the viewer shows).
    package func handle(_ key: KeyController.Press) -> Bool {
        guard let viewer, let row = viewer.row else { return false }
        let last = viewer.gallery.count - 1
        let pan = 64.0
        switch key.name {
        case "Escape":
            if isFullscreen { fullscreen(false) } else { close() }
        case "Left" where key.alt:
            close()
        case "Left" where key.control: zoom.pan(dx: pan, dy: 0)
        case "Right" where key.control: zoom.pan(dx: -pan, dy: 0)
        case "Up" where key.control: zoom.pan(dx: 0, dy: pan)
        case "Down" where key.control: zoom.pan(dx: 0, dy: -pan)
        case "Left", "Page_Up", "KP_Page_Up": move(to: max(0, row - 1))
        case "Right", "Page_Down", "KP_Page_Down": move(to: min(last, row + 1))
        case "Home", "KP_Home": move(to: 0)
        case "End", "KP_End": move(to: last)
        case "plus", "equal", "KP_Add": zoomStep(1)
        case "minus", "KP_Subtract", "underscore": zoomStep(-1)
        // (Alt+0 and Alt+1 rate the photo: the app's keys, not these.)
        case "0" where !key.alt, "KP_0" where !key.alt: zoomStep(0)
        // 1 or Ctrl+1: 100 %; Ctrl+2: 200 % (GNOME's image viewer's keys).
        case "1" where !key.alt, "KP_1" where !key.alt: zoom.zoom(to: 1)
        case "2" where key.control, "KP_2" where key.control: zoom.zoom(to: 2)
        case "s" where !key.control, "S" where !key.control: sepiaButton.isActive.toggle()
        case "F9": infoButton.isActive.toggle()
        case "Return" where key.alt, "KP_Enter" where key.alt: infoButton.isActive.toggle()
        case "F11": fullscreen(!isFullscreen)
        default: return false
        }
        return true
    }
}
