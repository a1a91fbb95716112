// Why this exists: an animation read in the helper and kept there while the viewer plays it: the pipeline's own reader (header first, in chunks, within its limits), then one frame at a time at the time the app asks for, on a clock of the app's playing rather than the wall's.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoPipeline

final class HelperAnimation {
    let frames: Int
    private let read: ReadAnimation
    private let iterator: PixbufAnimation.Iterator

    private init?(_ read: ReadAnimation) {
        guard let animation = read.animation else { return nil }
        self.read = read
        frames = read.frames
        iterator = animation.start(at: 0)
    }

    /// Read `data` as an animation: it, its first frame and that frame's delay; or why it does not play.
    static func read(_ data: Data, pixelLimit: Int, processorSeconds: Double,
                     isCancelled: @escaping () -> Bool) -> Result<(animation: HelperAnimation, still: Pixbuf, delay: Int?), StageFailure> {
        let reader = AnimationReader(data, pixelLimit: pixelLimit, processorSeconds: processorSeconds)
        let outcome = reader.runHere(WorkContext(cancellable: Cancellable()), isCancelled: isCancelled)
        switch outcome {
        case .failed(let failure): return .failure(failure)
        case .cancelled, .written: return .failure(StageFailure(.cancelled, "cancelled"))
        case .image:
            guard let read = reader.result.withLock({ $0 }) else { return .failure(StageFailure(.undecodable, "it could not be read as an animation")) }
            guard let animation = HelperAnimation(read) else { return .failure(StageFailure(.undecodable, "it could not be read as an animation")) }
            guard let still = animation.iterator.frame() else { return .failure(StageFailure(.undecodable, "it has no frame")) }
            return .success((animation, still, animation.iterator.delay))
        }
    }

    /// The frame shown `elapsed` milliseconds after the start, and how long it shows (nil: to the end).
    func frame(at elapsed: Int64) -> (pixbuf: Pixbuf, delay: Int?)? {
        iterator.advance(to: max(0, elapsed) * 1000)
        guard let pixbuf = iterator.frame() else { return nil }
        return (pixbuf, iterator.delay)
    }
}
