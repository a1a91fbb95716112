// Why this exists: an animation read in the helper and kept there while the viewer plays it: AnimationDecoding's reader (header first, in chunks, within its limits) or, for a JPEG XL or an AVIF sequence, the camera codecs' frames (HelperFrameList), then one frame at a time at the time the app asks for, on a clock of the app's playing rather than the wall's.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding

final class HelperAnimation {
    let frames: Int
    /// What a pixbuf loader read (GIF, WebP) and its iterator, or the frames a camera codec decoded.
    private enum Played {
        case loader(AnimationDecoding.Read, PixbufAnimation.Iterator)
        case list(HelperFrameList)
    }
    private let played: Played

    private init(_ read: AnimationDecoding.Read) {
        frames = read.frames
        played = .loader(read, read.animation.start(at: 0))
    }

    private init(_ list: HelperFrameList) {
        frames = list.frames.count
        played = .list(list)
    }

    /// Read `data` as an animation: it, its first frame and that frame's delay; or why it does not play.
    static func read(_ data: Data, pixelLimit: Int, processorSeconds: Double, budget: DecodeBudget,
                     isCancelled: @escaping () -> Bool) -> Result<(animation: HelperAnimation, still: Pixbuf, delay: Int?), AnimationRefusal> {
        if let camera = LinkedParsers.libraries.camera,
           let listed = HelperFrameList.read(data, camera: camera, pixelLimit: pixelLimit, processorSeconds: processorSeconds, budget: budget,
                                             isCancelled: isCancelled) {
            return listed.map { list in
                let first = list.frame(at: 0)
                return (HelperAnimation(list), first.pixbuf, first.delay)
            }
        }
        let outcome = AnimationDecoding.read(data, pixelLimit: pixelLimit, processorSeconds: processorSeconds, budget: budget,
                                             cancellable: Cancellable(), isCancelled: isCancelled)
        switch outcome {
        case .failure(let refusal): return .failure(refusal)
        case .success(let read):
            let iterator = read.animation.start(at: 0)
            guard let still = iterator.frame() else { return .failure(.unfinished) }
            return .success((HelperAnimation(read), still, iterator.delay))
        }
    }

    /// The frame shown `elapsed` milliseconds after the start, and how long it shows (nil: to the end).
    func frame(at elapsed: Int64) -> (pixbuf: Pixbuf, delay: Int?)? {
        switch played {
        case .list(let list): return list.frame(at: elapsed)
        case .loader(_, let iterator):
            iterator.advance(to: max(0, elapsed) * 1000)
            guard let pixbuf = iterator.frame() else { return nil }
            return (pixbuf, iterator.delay)
        }
    }
}
