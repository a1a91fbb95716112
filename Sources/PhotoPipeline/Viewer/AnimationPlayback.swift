// Why this exists: an animated photo (GIF, animated WebP) played in the viewer: each frame when its own delay is up (under 20 ms counted as 100 ms, as browsers do), in sepia or not, decoded as it is played rather than all held; the app only shows what it hands over and schedules the next.
import Foundation
import GdkPixbuf
import PhotoDecoding

@MainActor
public final class AnimationPlayback {
    /// Delays browsers treat as "as fast as you can", and what they use instead (milliseconds).
    nonisolated public static let shortestDelay = 20, delayForShortOnes = 100

    /// What was read (`AnimationReader`), kept with its share of the decode budget while it plays.
    public let source: ReadAnimation
    private var iterator: any AnimationFrames
    private let filter: SepiaFilter

    public init(_ source: ReadAnimation, sepiaIntensity: Float) {
        self.source = source
        iterator = source.start()
        filter = SepiaFilter(intensity: sepiaIntensity)
    }

    /// The frame to show now, in sepia or not.
    public func frame(sepia: Bool) -> Thumbnail? {
        guard let pixbuf = iterator.frame() else { return nil }
        let image = Thumbnail(pixbuf)
        return sepia ? (try? filter.filter(image, isCancelled: { false })) : image
    }

    /// Move on to the frame of now; returns how long until the next one is due (milliseconds),
    /// or nil when the animation has ended on its last frame.
    public func advance() -> Int? {
        iterator.step()
        return Self.wait(iterator.delay)
    }

    /// How long the current frame is waited on, given its own delay.
    public func currentWait() -> Int? { Self.wait(iterator.delay) }

    nonisolated static func wait(_ delay: Int?) -> Int? {
        guard let delay else { return nil }
        return delay < shortestDelay ? delayForShortOnes : delay
    }
}
