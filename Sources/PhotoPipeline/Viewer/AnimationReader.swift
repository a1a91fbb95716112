// Why this exists: the viewer's animated photo read as an operation on the viewer queue, within the limits every decode keeps: its header read first, fed to its loader in chunks (a GIF fed whole costs its loader minutes), cancelled between chunks when the viewer leaves, its frames counted in the decode budget for as long as it plays, and stopped with a reason past a processor-time limit.
import Foundation
import GdkPixbuf
import GLibRuntime

/// An animation read for the viewer, with the share of the decode budget its frames hold
/// (given back when the playback that keeps it is dropped).
public final class ReadAnimation: Sendable {
    public let animation: PixbufAnimation
    public let frames: Int
    private let reservation: DecodeBudget.Reservation?

    init(animation: PixbufAnimation, frames: Int, reservation: DecodeBudget.Reservation?) {
        self.animation = animation
        self.frames = frames
        self.reservation = reservation
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
    public var stage: Stage { .viewer }

    public init(_ data: Data, pixelLimit: Int = ImageDecoder.defaultPixelLimit, processorSeconds: Double = AnimationReader.processorSeconds,
                budget: DecodeBudget = .shared) {
        self.data = data
        self.pixelLimit = pixelLimit
        self.processorSeconds = processorSeconds
        self.budget = budget
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        guard let format = PixbufFormats.format(sniffing: data), ["gif", "webp"].contains(format.name) else {
            return .failed("it is not an animation")
        }
        var limits = ImageLimits.standard
        limits.pixels = pixelLimit
        let header: ImageHeader
        do throws(DecodeError) {
            guard let read = try ImageHeader.read(data, format: format, limits: limits) else { return .failed("it is not an animation") }
            header = read
        } catch {
            return .failed(StageFailure(error))
        }
        guard header.frames >= 2 else { return .failed("it is a still") }
        if header.width * header.height > AnimationPlayback.maxFramePixels {
            return .failed("its frames (\(header.width) × \(header.height)) are larger than the \(AnimationPlayback.maxFramePixels / 1_000_000) megapixels that are played")
        }
        var reservation: DecodeBudget.Reservation?
        if let bytes = header.reserve {
            do throws(DecodeBudget.Refusal) {
                reservation = try budget.reserve(bytes, cancellable: context.cancellable)
            } catch {
                let refusal = DecodeError(error)
                return refusal == .cancelled ? .cancelled : .failed(StageFailure(refusal))
            }
        }
        guard let loader = try? PixbufLoader(type: format.name) else { return .failed("no loader reads it") }
        let started = MainLoop.threadCPUMicroseconds
        var failure: StageOutcome?
        do throws(GLibError) {
            let fed = try loader.feed(data, chunkSize: ImageDecoder.chunkSize) {
                context.isCancelled || Double(MainLoop.threadCPUMicroseconds - started) / 1_000_000 > processorSeconds
            }
            if !fed {
                failure = context.isCancelled ? .cancelled : .failed("reading it took more than \(Int(processorSeconds)) s of processor time")
            }
        } catch {
            failure = .failed(StageFailure(.undecodable, error.message))
        }
        let closed = (try? loader.close()) != nil
        if let failure { return failure }
        guard closed, let animation = PixbufAnimation(of: loader), let still = loader.pixbuf else { return .failed("it could not be read as an animation") }
        result.withLock { $0 = ReadAnimation(animation: animation, frames: header.frames, reservation: reservation) }
        return .image(Thumbnail(still), from: nil)
    }
}
