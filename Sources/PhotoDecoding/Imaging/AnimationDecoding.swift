// Why this exists: an animated photo (GIF, animated WebP) read within the limits every decode keeps, by whoever reads it (a helper, or the process in tests): its header first, fed to its loader in chunks (a GIF fed whole costs its loader minutes), stopped between chunks when no longer wanted or past a processor-time limit; or why it is not played, as a type that crosses the helper's wire as itself.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime

/// Why an animated photo is not played (the viewer then shows it still, or its failure).
public enum AnimationRefusal: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    case cancelled
    case notAnimation
    case still
    /// Its frames are larger than `AnimationDecoding.maxFramePixels`.
    case framesTooLarge(width: Int, height: Int)
    /// Reading it took more than this many seconds of processor time.
    case tooSlow(seconds: Int)
    case noLoader
    /// Its loader failed, in its own (English) words.
    case unreadable(String)
    case unfinished
    /// Its header, or the decode budget, refused it.
    case decode(DecodeError)

    /// Why, in words put into the user's language at the app's edge; said once, here.
    public var words: Words {
        switch self {
        case .cancelled: Words("cancelled")
        case .notAnimation: Words("it is not an animation")
        case .still: Words("it is a still")
        case .framesTooLarge(let width, let height):
            Words("its frames (%1$s × %2$s) are larger than the %3$s megapixels that are played",
                  "\(width)", "\(height)", "\(AnimationDecoding.maxFramePixels / 1_000_000)")
        case .tooSlow(let seconds): Words("reading it took more than %1$s s of processor time", "\(seconds)")
        case .noLoader: Words("no loader reads it")
        case .unreadable, .unfinished: Words("it could not be read as an animation")
        case .decode(let error): error.words
        }
    }

    /// In English, for the trace: the words, and a loader's own message after them.
    public var description: String {
        if case .unreadable(let message) = self { return "\(words) (\(message))" }
        if case .decode(let error) = self { return error.description }
        return words.description
    }
}

public enum AnimationDecoding {
    /// Frames larger than this are not filtered live (a frame would cost more than its delay):
    /// such an animation shows its first frame, still.
    public static let maxFramePixels = 4_000_000

    /// What was read: the animation, its first frame, its frame count, and the share of the decode
    /// budget its frames hold (given back when the reservation is dropped).
    public struct Read {
        public let animation: PixbufAnimation
        public let still: Pixbuf
        public let frames: Int
        public let reservation: DecodeBudget.Reservation?
    }

    /// Read `data` as an animation in this process, stopping between chunks when `isCancelled`.
    public static func read(_ data: Data, pixelLimit: Int, processorSeconds: Double, budget: DecodeBudget,
                            cancellable: Cancellable, isCancelled: () -> Bool) -> Result<Read, AnimationRefusal> {
        guard let format = PixbufFormats.format(sniffing: data), ["gif", "webp"].contains(format.name) else {
            return .failure(.notAnimation)
        }
        var limits = ImageLimits.standard
        limits.pixels = pixelLimit
        let header: ImageHeader
        do throws(DecodeError) {
            guard let read = try ImageHeader.read(data, format: format, limits: limits) else { return .failure(.notAnimation) }
            header = read
        } catch {
            return .failure(.decode(error))
        }
        guard header.frames >= 2 else { return .failure(.still) }
        if header.width * header.height > maxFramePixels {
            return .failure(.framesTooLarge(width: header.width, height: header.height))
        }
        var reservation: DecodeBudget.Reservation?
        if let bytes = header.reserve {
            do throws(DecodeBudget.Refusal) {
                reservation = try budget.reserve(bytes, cancellable: cancellable)
            } catch {
                let refusal = DecodeError(error)
                return .failure(refusal == .cancelled ? .cancelled : .decode(refusal))
            }
        }
        guard let loader = try? PixbufLoader(type: format.name) else { return .failure(.noLoader) }
        let started = MainLoop.threadCPUMicroseconds
        var failure: AnimationRefusal?
        do throws(GLibError) {
            let fed = try loader.feed(data, chunkSize: ImageDecoder.chunkSize) {
                isCancelled() || Double(MainLoop.threadCPUMicroseconds - started) / 1_000_000 > processorSeconds
            }
            if !fed { failure = isCancelled() ? .cancelled : .tooSlow(seconds: Int(processorSeconds)) }
        } catch {
            failure = .unreadable(error.message)
        }
        let closed = (try? loader.close()) != nil
        if let failure { return .failure(failure) }
        guard closed, let animation = PixbufAnimation(of: loader), let still = loader.pixbuf else { return .failure(.unfinished) }
        return .success(Read(animation: animation, still: still, frames: header.frames, reservation: reservation))
    }
}
