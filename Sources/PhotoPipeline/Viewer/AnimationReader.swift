// Why this exists: the viewer's animated photo read as an operation on the viewer queue, within the limits every decode keeps: its header read first, fed to its loader in chunks (a GIF fed whole costs its loader minutes), cancelled between chunks when the viewer leaves, its frames counted in the decode budget for as long as it plays, and stopped with a reason past a processor-time limit. With the app's helpers, all of that happens in a helper, which keeps the animation and sends its frames.
import Foundation
import GdkPixbuf
import GLibRuntime

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

    /// The animation read in this process (the helper's own), if it was.
    public var animation: PixbufAnimation? {
        if case .here(let animation) = source { return animation }
        return nil
    }

    /// Its frames from the start (read here), or from where the helper's playing is.
    func start() -> any AnimationFrames {
        switch source {
        case .here(let animation): return animation.start()
        case .helper(let frames): return frames
        }
    }
}

/// Frames as they are played: the one to show, how long it shows, and a step to the next.
protocol AnimationFrames: AnyObject {
    func frame() -> Pixbuf?
    var delay: Int? { get }
    func step()
}

extension PixbufAnimation.Iterator: AnimationFrames {
    func step() { advance() }
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
    public var stage: Stage { .viewer }

    public init(_ data: Data, pixelLimit: Int = ImageDecoder.defaultPixelLimit, processorSeconds: Double = AnimationReader.processorSeconds,
                budget: DecodeBudget = .shared, origin: String? = nil) {
        self.data = data
        self.origin = origin
        self.pixelLimit = pixelLimit
        self.processorSeconds = processorSeconds
        self.budget = budget
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        if let pool = HelperPool.shared { return run(in: pool, context) }
        return runHere(context, isCancelled: { context.isCancelled })
    }

    /// Read it in this process (the helper does), stopping between chunks when `isCancelled`.
    public func runHere(_ context: WorkContext, isCancelled: @escaping () -> Bool) -> StageOutcome {
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
                isCancelled() || Double(MainLoop.threadCPUMicroseconds - started) / 1_000_000 > processorSeconds
            }
            if !fed {
                failure = isCancelled() ? .cancelled : .failed("reading it took more than \(Int(processorSeconds)) s of processor time")
            }
        } catch {
            failure = .failed(StageFailure(.undecodable, error.message))
        }
        let closed = (try? loader.close()) != nil
        if let failure { return failure }
        guard closed, let animation = PixbufAnimation(of: loader), let still = loader.pixbuf else { return .failed("it could not be read as an animation") }
        result.withLock { $0 = ReadAnimation(.here(animation), frames: header.frames, reservation: reservation) }
        return .image(Thumbnail(still), from: nil)
    }
}
