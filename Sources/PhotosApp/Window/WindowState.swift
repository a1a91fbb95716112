// Why this exists: the window's size and maximised state: restored at start from GSettings, traced when they change, saved when the window closes or the app quits.
import GalleryViews
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
enum WindowState {
    /// Give the window its saved size and state, and trace its size as it changes.
    static func restore(_ window: ApplicationWindow, from settings: AppSettings, trace: Trace) {
        window.setDefaultSize(width: settings.windowWidth, height: settings.windowHeight)
        if settings.windowMaximized { window.maximize() }
        window.onDefaultSizeChanged { [weak window] in
            guard let size = window?.defaultSize else { return }
            trace.emit(.windowSize(width: Int(size.width), height: Int(size.height)))
        }
    }

    /// Save the size (unless maximised) and whether it is maximised.
    static func save(_ window: ApplicationWindow, to settings: AppSettings) {
        settings.windowMaximized = window.isMaximized
        guard !window.isMaximized else { return }
        let size = window.defaultSize
        if size.width > 0, size.height > 0 {
            settings.windowWidth = size.width
            settings.windowHeight = size.height
        }
    }
}
