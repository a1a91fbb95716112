// Why this exists: the viewer's animation read in a helper, which is then lent to the playing (RemoteFrames) and keeps the animation.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding

extension AnimationReader {
    /// Read it in a helper, which is then lent to the playing.
    func run(in pool: HelperPool, _ context: WorkContext) -> StageOutcome {
        let helper: HelperProcess
        switch pool.lease(origin: origin, urgent: true, cancellable: context.cancellable) {
        case .success(let lent): helper = lent
        case .failure(let error): return error == .cancelled ? .cancelled : .failed(StageFailure(error))
        }
        let exchange = helper.exchange({ .animate(id: $0, pixelLimit: pixelLimit, processorSeconds: processorSeconds) },
                                       bytes: data, cancellable: context.cancellable, launch: pool.launch)
        switch exchange {
        case .died(let death):
            pool.giveBack(helper, reusable: false)
            return .failed(StageFailure(death.decodeError))
        case .reply(let reply, let fd):
            if let shape = reply.pixels, shape.width * shape.height > pixelLimit {
                if fd >= 0 { close(fd) }
                pool.giveBack(helper, reusable: false)
                return .failed(StageFailure(DecodeError.decoderStopped(HelperPool.oversized)))
            }
            let still = fd >= 0 ? HelperPixels.take(fd, shape: reply.pixels) : nil
            guard let still, reply.error == nil, reply.refusal == nil else {
                pool.giveBack(helper, reusable: reply.pixels == nil)
                if let error = reply.error { return error == .cancelled ? .cancelled : .failed(StageFailure(error)) }
                if let refusal = reply.refusal { return refusal == .cancelled ? .cancelled : .failed(StageFailure(refusal)) }
                return .failed(StageFailure(DecodeError.decoderStopped(HelperDeath.garbled.words)))
            }
            let frames = RemoteFrames(pool: pool, helper: helper, still: still, delay: RemoteFrames.checkedDelay(reply.delay))
            result.withLock { $0 = ReadAnimation(.helper(frames), frames: min(max(reply.frames ?? 2, 2), ImageLimits.standard.frames), reservation: nil) }
            return .image(Thumbnail(still), from: nil)
        }
    }
}
