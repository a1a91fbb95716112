// Why this exists: when scrolling begins and when it is over, decided from movements alone (no widgets), so the rule can be tested with a clock the test moves.
import PhotoPipeline

/// Scrolling is over when one of these holds:
/// - no movement for `settleMilliseconds` (a wheel, a keyboard page, a scrollbar held still);
/// - a touchpad `scroll-end` with no deceleration after it;
/// - a deceleration that has run out (no movement for `settleMilliseconds`).
/// Between a touchpad's `scroll-begin` and `scroll-end` the fingers are down, so a pause is not an end.
@MainActor
package final class ScrollState {
    /// How long the list must stand still before scrolling counts as over.
    package static let settleMilliseconds: UInt32 = 150

    /// Scrolling began (the scheduler suspends the queues).
    package let began = Listeners<Void>()
    /// Scrolling ended (the scheduler starts what is on screen).
    package let ended = Listeners<Void>()
    /// Called just before `ended` (the list snaps to a whole pixel).
    package var beforeEnd: (() -> Void)?

    package private(set) var isScrolling = false
    private let clock: SchedulerClock
    private var settleTimer: ScheduledTimer?
    private var touchpadActive = false

    package init(clock: SchedulerClock) { self.clock = clock }

    /// The list moved (wheel, scrollbar, keys, kinetic step).
    package func moved() {
        if !isScrolling {
            isScrolling = true
            began.emit()
        }
        restartSettleTimer()
    }

    /// Fingers went down on a touchpad.
    package func touchpadBegan() {
        touchpadActive = true
        moved()
    }

    /// Fingers lifted. A kinetic flick reports a deceleration right after: give it the settle
    /// time to arrive, and end at once only if the list is not moving.
    package func touchpadEnded() {
        touchpadActive = false
        restartSettleTimer()
    }

    /// A kinetic deceleration step.
    package func decelerating() { restartSettleTimer() }

    private func restartSettleTimer() {
        settleTimer?.cancel()
        settleTimer = clock.after(milliseconds: Self.settleMilliseconds) { [weak self] in
            guard let self else { return }
            settleTimer = nil
            guard !touchpadActive else { return } // fingers still on the pad: wait for scroll-end
            if isScrolling {
                isScrolling = false
                beforeEnd?()
                ended.emit()
            }
        }
    }
}
