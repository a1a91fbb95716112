// Why this exists: the viewer's animated photo read as an operation on the viewer queue (AnimationDecoding's limits: header first, in chunks, cancelled between them, a processor-time limit), its frames counted in the decode budget for as long as it plays. With the app's helpers, all of that happens in a helper, which keeps the animation and sends its frames.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding
import PhotoTrace

/// An animation read for the viewer: here (with the share of the decode budget its frames hold,
/// given back when the playback that keeps it is dropped), or in a helper that sends its frames.
public final class ReadAnimation: Sendable {
    enum Source: Sendable {
        case here(PixbufAnimation)
        case helper(RemoteFrames)
    }
    let source: Source
    public let frames: Int
    private let reservation: DecodeBudget.Reservation?

    init(_ source: Source, frames: Int, reservation: DecodeBudget.Reservation?) {
        self.source = source
        self.frames = frames
        self.reservation = reservation
    }

    /// Its frames from the start (read here), or from where the helper's playing is.
    func start() -> any AnimationFrames {
        switch source {
        case .here(let animation): return animation.start()
        case .helper(let frames): return frames
        }
    }
}

public struct AnimationReader: StageWork {
    /// Processor time the reading may take (measured here: a 65 MB GIF of 100 frames of 800 ×
    /// 600 took 0.4 s fed in chunks; whole, its loader took 501 s).
    public static let processorSeconds: Double = 5

    let data: Data
    let pixelLimit: Int
    let processorSeconds: Double
    let budget: DecodeBudget
    /// Set once the animation was read (a still, or a refusal, leaves it nil).
    public let result = Locked<ReadAnimation?>(nil)
    /// Where the bytes came from (`ImageDecoder.origin(of:)`): which helper reads it.
    let origin: String?
    /// Where it is read (the app's helpers).
    let decoders: Decoders
    public var stage: Stage { .viewer }

    public init(_ data: Data, by decoders: Decoders, pixelLimit: Int = ImageDecoder.defaultPixelLimit,
                processorSeconds: Double = AnimationReader.processorSeconds, origin: String? = nil) {
        self.data = data
        self.decoders = decoders
        self.origin = origin
        self.pixelLimit = pixelLimit
        self.processorSeconds = processorSeconds
        budget = decoders.budget
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        if let pool = decoders.pool { return run(in: pool, context) }
        return runHere(context, isCancelled: { context.isCancelled })
    }

    /// Read it in this process, stopping between chunks when `isCancelled`.
    public func runHere(_ context: WorkContext, isCancelled: @escaping () -> Bool) -> StageOutcome {
        switch AnimationDecoding.read(data, pixelLimit: pixelLimit, processorSeconds: processorSeconds, budget: budget,
                                      cancellable: context.cancellable, isCancelled: isCancelled) {
        case .failure(let refusal):
            return refusal == .cancelled ? .cancelled : .failed(StageFailure(refusal))
        case .success(let read):
            result.withLock { $0 = ReadAnimation(.here(read.animation), frames: read.frames, reservation: read.reservation) }
            return .image(Thumbnail(read.still), from: nil)
        }
    }
}
