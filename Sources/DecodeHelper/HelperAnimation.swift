// Why this exists: an animation read in the helper and kept there while the viewer plays it: AnimationDecoding's reader (header first, in chunks, within its limits), then one frame at a time at the time the app asks for, on a clock of the app's playing rather than the wall's.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding

final class HelperAnimation {
    let frames: Int
    private let read: AnimationDecoding.Read
    private let iterator: PixbufAnimation.Iterator

    private init(_ read: AnimationDecoding.Read) {
        self.read = read
        frames = read.frames
        iterator = read.animation.start(at: 0)
    }

    /// Read `data` as an animation: it, its first frame and that frame's delay; or why it does not play.
    static func read(_ data: Data, pixelLimit: Int, processorSeconds: Double, budget: DecodeBudget,
                     isCancelled: @escaping () -> Bool) -> Result<(animation: HelperAnimation, still: Pixbuf, delay: Int?), AnimationRefusal> {
        let outcome = AnimationDecoding.read(data, pixelLimit: pixelLimit, processorSeconds: processorSeconds, budget: budget,
                                             cancellable: Cancellable(), isCancelled: isCancelled)
        switch outcome {
        case .failure(let refusal): return .failure(refusal)
        case .success(let read):
            let animation = HelperAnimation(read)
            guard let still = animation.iterator.frame() else { return .failure(.unfinished) }
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
