// Why this exists: the slideshow (Shift+F5): full screen, each photo for the time chosen (3, 5 or 10 s), Space to pause and go on, the arrows to move (the time starts again), Escape to end; it loops if asked. The next photo is already loading (the viewer loads its neighbours once a photo shows), and the session is kept from going idle while it runs.
import AppLanguage
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
package final class Slideshow {
    private let page: ViewerPage
    private var trace: Trace { page.trace }
    private let application: Application
    private let window: ApplicationWindow
    /// Seconds per photo, and whether the last photo leads back to the first: read at each step,
    /// so a choice made in the menu while it runs applies at once.
    package var interval: () -> Int32 = { 5 }
    package var loops: () -> Bool = { false }
    package private(set) var isRunning = false
    package private(set) var isPaused = false
    private var timer = MainLoop.Timeout.none
    /// The session's idle inhibition (0: none).
    private var inhibition: UInt32 = 0
    /// The row last shown: the trace's end names it even when the viewer closed first.
    private var lastRow = -1

    package init(page: ViewerPage, application: Application, window: ApplicationWindow) {
        self.page = page
        self.application = application
        self.window = window
    }

    /// Begin on the photo the viewer shows.
    package func start() {
        guard !isRunning, let row = page.viewer?.row else { return }
        isRunning = true
        isPaused = false
        lastRow = row
        page.fullscreen(true)
        inhibition = application.inhibitIdle(window, reason: tr("Showing a slideshow"))
        trace.emit(.viewer(row: row, action: .slideshow))
        schedule()
    }

    /// End it (Escape, the last photo, or the viewer closed): the window leaves fullscreen and
    /// the session may go idle again; the viewer stays on the photo.
    package func stop() {
        guard isRunning else { return }
        isRunning = false
        MainLoop.cancel(timer)
        timer = .none
        application.uninhibit(inhibition)
        inhibition = 0
        if page.isFullscreen { page.fullscreen(false) }
        trace.emit(.viewer(row: page.viewer?.row ?? lastRow, action: .ended))
    }

    /// The time for the photo shown starts (again); none while paused.
    private func schedule() {
        MainLoop.cancel(timer)
        timer = isPaused ? .none : MainLoop.after(milliseconds: UInt32(interval()) * 1000) { [weak self] in self?.advance() }
    }

    private func advance() {
        timer = .none
        guard isRunning, let viewer = page.viewer, let row = viewer.row else { return stop() }
        lastRow = row
        let last = viewer.gallery.count - 1
        if row < last {
            page.move(to: row + 1)
        } else if loops(), last > 0 {
            page.move(to: 0)
        } else {
            return stop()
        }
        schedule()
    }

    /// The slideshow's keys, before the viewer's: Space pauses or goes on, Escape ends it, and a
    /// key that moves to another photo (the viewer's) starts that photo's time.
    package func handle(_ key: KeyController.Press) -> Bool {
        guard isRunning, let row = page.viewer?.row else { return false }
        lastRow = row
        switch key.name {
        case "space", "KP_Space":
            isPaused.toggle()
            trace.emit(.viewer(row: row, action: isPaused ? .paused : .resumed))
            schedule()
            return true
        case "Escape":
            stop()
            return true
        case "Left", "Right", "Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down", "Home", "End", "KP_Home", "KP_End":
            schedule()
            return false
        default:
            return false
        }
    }
}
