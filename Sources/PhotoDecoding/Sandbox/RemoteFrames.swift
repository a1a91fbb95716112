// Why this exists: an animation played from a helper: the helper keeps what it read and is lent to the playing for as long as it lasts; each next frame is asked for as soon as the current one shows, so the main loop finds it ready when its delay is up and never waits on the helper for long.
import Foundation
import GdkPixbuf
import GLibRuntime

package final class RemoteFrames: AnimationFrames, Sendable {
    /// How long the main loop waits for a frame that is not ready yet before showing the current
    /// one a little longer (milliseconds).
    static let longestWait = 50

    private let pool: HelperPool
    private let helper: HelperProcess
    /// What is shown and what comes next; the main loop waits on it for a frame a little late.
    private struct State {
        var current: (pixbuf: Pixbuf, delay: Int?)
        var next: (pixbuf: Pixbuf, delay: Int?)?
        var asking = false
        var stopped = false
        /// Milliseconds from the start to the current frame, on the playing's clock.
        var elapsed: Int64 = 0

        /// The next frame to ask the helper for (its time and the size it must have), marked as
        /// asked; nil when none is to be asked (a still, stopped, or asked already).
        mutating func claimNext() -> (at: Int64, size: (Int, Int))? {
            guard !stopped, !asking, let delay = current.delay else { return nil }
            asking = true
            // Every frame is the first one's size: a helper that answers another stops the playing.
            return (elapsed + Int64(delay), (current.pixbuf.width, current.pixbuf.height))
        }
    }
    private let state: Waitable<State>
    private let queue = DispatchQueue(label: "classic-photos.animation-frames")

    package init(pool: HelperPool, helper: HelperProcess, still: Pixbuf, delay: Int?) {
        self.pool = pool
        self.helper = helper
        state = Waitable(State(current: (still, delay)))
        if let ask = state.withLock({ $0.claimNext() }) { send(ask) }
    }

    deinit {
        let (pool, helper) = (self.pool, self.helper)
        // The helper holds the animation; it is stopped rather than lent to another photo.
        queue.async { pool.giveBack(helper, reusable: false) }
    }

    package func frame() -> Pixbuf? { state.withLock { $0.current.pixbuf } }
    package var delay: Int? { state.withLock { $0.current.delay } }

    /// The longest delay a frame may have, in milliseconds (a WebP's is 24 bits).
    static let longestDelay = 0xFF_FFFF
    /// A helper's delay, within 0 and `longestDelay`: nothing it says overflows the playing's clock.
    package static func checkedDelay(_ delay: Int?) -> Int? { delay.map { min(max($0, 0), longestDelay) } }

    /// Show the next frame if it has come (waiting a little for it), else keep the current one.
    package func step() {
        let deadline = Date().addingTimeInterval(Double(Self.longestWait) / 1000)
        let ask = state.wait { state -> Waitable<State>.Step<(at: Int64, size: (Int, Int))?> in
            if state.next == nil, state.asking, Date() < deadline { return .sleep(until: deadline) }
            guard let arrived = state.next else { return .done(nil) }
            state.elapsed += Int64(state.current.delay ?? 0)
            state.current = arrived
            state.next = nil
            return .done(state.claimNext())
        }
        if let ask { send(ask) }
    }

    /// Ask the helper for the frame at `at` (milliseconds), which must be `size`, on the queue.
    private func send(_ ask: (at: Int64, size: (Int, Int))) {
        queue.async { [weak self, helper, pool] in
            let exchange = helper.exchange({ .frame(id: $0, elapsed: ask.at) }, bytes: nil, cancellable: nil, launch: pool.launch)
            var frame: (Pixbuf, Int?)?
            if case .reply(let reply, let fd) = exchange {
                if let shape = reply.pixels, shape.width != ask.size.0 || shape.height != ask.size.1 {
                    if fd >= 0 { close(fd) }
                } else if let pixbuf = HelperPixels.take(fd, shape: reply.pixels) {
                    frame = (pixbuf, Self.checkedDelay(reply.delay))
                }
            }
            guard let self else { return }
            self.state.withLock(wakingAll: true) { state in
                state.asking = false
                if let frame { state.next = frame } else { state.stopped = true }
            }
        }
    }
}
