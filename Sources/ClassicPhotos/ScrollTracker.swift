// Why this exists: decides when the user starts and stops scrolling: wheel clicks, scrollbar drags, keyboard paging, touchpad and kinetic scrolls.
import GLibRuntime
import Gtk

/// Under X11 a wheel click sends GtkEventControllerScroll `scroll` and the adjustment's
/// `value-changed`, but never `scroll-begin`/`scroll-end`; neither does a scrollbar drag or
/// keyboard paging. So scrolling has ended when one of these holds:
/// - no movement for `settleMilliseconds`;
/// - a touchpad `scroll-end` with no deceleration after it;
/// - a deceleration that has run out (no movement for `settleMilliseconds`).
@MainActor
final class ScrollTracker {
    /// How long the list must stand still before scrolling counts as over.
    static let settleMilliseconds: UInt32 = 150

    var onBegin: (@MainActor () -> Void)?
    var onEnd: (@MainActor () -> Void)?
    private(set) var isScrolling = false

    private let controller = EventControllerScroll()
    /// Holds a reference of its own: the settle timer may fire after the window is gone.
    private let adjustment: Adjustment
    /// True while the tracker itself moves the list (snapping), which is not the user scrolling.
    private var adjusting = false
    private var settleTimer = MainLoop.Timeout.none
    /// Between a touchpad `scroll-begin` and `scroll-end`: fingers are down, so a pause is not an end.
    private var touchpadActive = false

    init(scrolled: ScrolledWindow) {
        adjustment = scrolled.vadjustment
        adjustment.onValueChanged { [weak self] in self?.moved() }
        // Return false: the scrolled window still scrolls.
        controller.onScroll { [weak self] _, dy in
            if dy != 0 { self?.moved() }
            return false
        }
        controller.onScrollBegin { [weak self] in
            self?.touchpadActive = true
            self?.moved()
        }
        controller.onScrollEnd { [weak self] in
            guard let self else { return }
            touchpadActive = false
            // A kinetic flick reports `decelerate` right after `scroll-end`; give it the settle
            // time to arrive, and end at once only if the list is not moving.
            restartSettleTimer()
        }
        controller.onDecelerate { [weak self] _, _ in self?.restartSettleTimer() }
        scrolled.addController(controller)
    }

    private func moved() {
        guard !adjusting else { return }
        if !isScrolling {
            isScrolling = true
            onBegin?()
        }
        restartSettleTimer()
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

    private func restartSettleTimer() {
        MainLoop.cancel(settleTimer)
        settleTimer = MainLoop.after(milliseconds: Self.settleMilliseconds) { [weak self] in
            guard let self else { return }
            settleTimer = .none
            guard !touchpadActive else { return } // fingers still on the pad: wait for scroll-end
            if isScrolling {
                isScrolling = false
                snapToWholePixel()
                onEnd?()
            }
        }
    }
}
