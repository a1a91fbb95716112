// Why this exists: an animation played from a helper: the helper keeps what it read and is lent to the playing for as long as it lasts; each next frame is asked for as soon as the current one shows, so the main loop finds it ready when its delay is up and never waits on the helper for long.
import Foundation
import GdkPixbuf
import GLibRuntime

package final class RemoteFrames: AnimationFrames, @unchecked Sendable {
    /// How long the main loop waits for a frame that is not ready yet before showing the current
    /// one a little longer (milliseconds).
    static let longestWait = 50

    private let pool: HelperPool
    private let helper: HelperProcess
    private let condition = NSCondition()
    private var current: (pixbuf: Pixbuf, delay: Int?)
    private var next: (pixbuf: Pixbuf, delay: Int?)?
    private var asking = false
    private var stopped = false
    /// Milliseconds from the start to the current frame, on the playing's clock.
    private var elapsed: Int64 = 0
    private let queue = DispatchQueue(label: "classic-photos.animation-frames")

    package init(pool: HelperPool, helper: HelperProcess, still: Pixbuf, delay: Int?) {
        self.pool = pool
        self.helper = helper
        current = (still, delay)
        askForNext()
    }

    deinit {
        let (pool, helper) = (self.pool, self.helper)
        // The helper holds the animation; it is stopped rather than lent to another photo.
        queue.async { pool.giveBack(helper, reusable: false) }
    }

    package func frame() -> Pixbuf? { condition.withLock { current.pixbuf } }
    package var delay: Int? { condition.withLock { current.delay } }

    /// The longest delay a frame may have, in milliseconds (a WebP's is 24 bits).
    static let longestDelay = 0xFF_FFFF
    /// A helper's delay, within 0 and `longestDelay`: nothing it says overflows the playing's clock.
    package static func checkedDelay(_ delay: Int?) -> Int? { delay.map { min(max($0, 0), longestDelay) } }

    /// Show the next frame if it has come (waiting a little for it), else keep the current one.
    package func step() {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(Double(Self.longestWait) / 1000)
        while next == nil, asking, condition.wait(until: deadline) {}
        guard let arrived = next else { return }
        elapsed += Int64(current.delay ?? 0)
        current = arrived
        next = nil
        askForNextLocked()
    }

    private func askForNext() { condition.withLock { askForNextLocked() } }

    private func askForNextLocked() {
        guard !stopped, !asking, let delay = current.delay else { return }
        asking = true
        let at = elapsed + Int64(delay)
        // Every frame is the first one's size: a helper that answers another stops the playing.
        let size = (current.pixbuf.width, current.pixbuf.height)
        queue.async { [weak self, helper, pool] in
            let exchange = helper.exchange({ .frame(id: $0, elapsed: at) }, bytes: nil, cancellable: nil, launch: pool.launch)
            var frame: (Pixbuf, Int?)?
            if case .reply(let reply, let fd) = exchange {
                if let shape = reply.pixels, shape.width != size.0 || shape.height != size.1 {
                    if fd >= 0 { close(fd) }
                } else if let pixbuf = HelperPixels.take(fd, shape: reply.pixels) {
                    frame = (pixbuf, Self.checkedDelay(reply.delay))
                }
            }
            guard let self else { return }
            self.condition.withLock {
                self.asking = false
                if let frame { self.next = frame } else { self.stopped = true }
                self.condition.broadcast()
            }
        }
    }
}

