// Why this exists: feeds the list's scroll input (wheel, scrollbar, keyboard paging, touchpad, kinetic) to ScrollState, and puts the list on a whole pixel when it comes to rest.
import GLibRuntime
import Gtk

/// Under X11 a wheel click sends GtkEventControllerScroll `scroll` and the adjustment's
/// `value-changed`, but never `scroll-begin`/`scroll-end`; neither does a scrollbar drag or
/// keyboard paging. So every movement counts, and ScrollState decides when it is over.
@MainActor
package final class ScrollTracker {
    package let state: ScrollState
    private let controller = EventControllerScroll()
    /// Holds a reference of its own: the settle timer may fire after the window is gone.
    private let adjustment: Adjustment
    /// True while the tracker itself moves the list (snapping), which is not the user scrolling.
    private var adjusting = false

    package init(scrolled: ScrolledWindow, clock: SchedulerClock) {
        state = ScrollState(clock: clock)
        adjustment = scrolled.vadjustment
        adjustment.onValueChanged { [weak self] in
            guard let self, !self.adjusting else { return }
            self.state.moved()
        }
        // Return false: the scrolled window still scrolls.
        controller.onScroll { [weak self] _, dy in
            if dy != 0, self?.adjusting == false { self?.state.moved() }
            return false
        }
        controller.onScrollBegin { [weak self] in self?.state.touchpadBegan() }
        controller.onScrollEnd { [weak self] in self?.state.touchpadEnded() }
        controller.onDecelerate { [weak self] _, _ in self?.state.decelerating() }
        scrolled.addController(controller)
        state.beforeEnd = { [weak self] in self?.snapToWholePixel() }
    }

    /// At rest, put the list on a whole pixel: wheel steps and scrollbar drags leave fractional
    /// offsets, where every thumbnail is drawn resampled (blurred) until the next scroll.
    private func snapToWholePixel() {
        let value = adjustment.value
        guard value != value.rounded() else { return }
        adjusting = true
        adjustment.value = value.rounded()
        adjusting = false
    }
}
