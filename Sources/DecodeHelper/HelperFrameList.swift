// Why this exists: an animation a camera codec decodes (a JPEG XL with frames, an AVIF sequence), which no pixbuf loader plays here: every frame decoded at once within the limits GIF and WebP keep (frame size, frame count, processor time, the decode budget), held in the helper while the viewer plays it, each frame found by the time of the app's playing; a JPEG XL's frames made sRGB from its profile as its still is.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding
import PhotoFormats

struct HelperFrameList {
    /// Each frame and how long it shows (at least 20 ms, as browsers and GdkPixbuf show a GIF's).
    let frames: [(pixbuf: Pixbuf, milliseconds: Int)]
    /// The budget its frames hold, given back when the list goes.
    let reservation: DecodeBudget.Reservation?
    private let total: Int64

    private init(_ frames: [(pixbuf: Pixbuf, milliseconds: Int)], reservation: DecodeBudget.Reservation?) {
        self.frames = frames
        self.reservation = reservation
        total = frames.reduce(0) { $0 + Int64($1.milliseconds) }
    }

    /// The frame shown `elapsed` milliseconds after the start (it loops), and how long it still shows.
    func frame(at elapsed: Int64) -> (pixbuf: Pixbuf, delay: Int?) {
        var time = max(0, elapsed) % max(total, 1)
        for frame in frames {
            if time < Int64(frame.milliseconds) { return (frame.pixbuf, Int(Int64(frame.milliseconds) - time)) }
            time -= Int64(frame.milliseconds)
        }
        return (frames[0].pixbuf, frames[0].milliseconds)
    }

    /// `data` read as an animation with the camera codecs, if it is a JPEG XL or an AVIF sequence;
    /// nil for any other photo.
    static func read(_ data: Data, camera: CameraParsers, pixelLimit: Int, processorSeconds: Double, budget: DecodeBudget,
                     isCancelled: @escaping () -> Bool) -> Result<HelperFrameList, AnimationRefusal>? {
        let size: (width: Int, height: Int), count: Int
        let isJXL = CameraFile.kind(of: data, name: nil) == .jpegXL
        if isJXL {
            guard case .success(let facts) = camera.jxlFacts(data) else { return .failure(.unfinished) }
            size = (facts.width, facts.height)
            count = facts.animated ? camera.jxlFrames(data, ImageLimits.standard.frames + 1) : 1
        } else if CameraFile.isAVIFSequence(data) {
            guard let facts = camera.avifFacts(data) else { return .failure(.unfinished) }
            size = (facts.width, facts.height)
            count = facts.frames
        } else {
            return nil
        }
        guard count >= 2 else { return .failure(.still) }
        guard count <= ImageLimits.standard.frames else { return .failure(.decode(.tooManyFrames(limit: ImageLimits.standard.frames))) }
        let pixels = size.width * size.height
        guard pixels <= pixelLimit else { return .failure(.decode(.tooManyPixels(width: size.width, height: size.height, limit: pixelLimit))) }
        guard pixels <= AnimationDecoding.maxFramePixels else { return .failure(.framesTooLarge(width: size.width, height: size.height)) }
        // Every frame held twice while it is copied into its pixbuf, then once.
        let reservation: DecodeBudget.Reservation
        do throws(DecodeError) {
            guard let reserved = try ImageDecoder.reserve(count * pixels * 4 * 2, from: budget, cancellable: nil) else { return .failure(.unfinished) }
            reservation = reserved
        } catch {
            return .failure(.decode(error))
        }
        let started = MainLoop.threadCPUMicroseconds
        var slow = false
        let stop = {
            if Double(MainLoop.threadCPUMicroseconds - started) / 1_000_000 > processorSeconds { slow = true }
            return slow || isCancelled()
        }
        // A JPEG XL's frames come in the profile of its still, and are made sRGB as the still is.
        var profile: Data?
        let decoded: Result<[CameraFrame], CameraFailure> = isJXL
            ? camera.jxlDecode(data, pixelLimit, count, stop).map { image in
                profile = image.profile
                return image.frames
            }
            : camera.avifDecode(data, pixelLimit, count, stop)
        switch decoded {
        case .failure(.cancelled):
            reservation.release()
            return .failure(slow ? .tooSlow(seconds: Int(processorSeconds)) : .cancelled)
        case .failure(let failure):
            reservation.release()
            return .failure(.unreadable("\(failure)"))
        case .success(let frames):
            var list: [(pixbuf: Pixbuf, milliseconds: Int)] = []
            for frame in frames {
                guard frame.pixels.width == size.width, frame.pixels.height == size.height,
                      let pixbuf = try? ImageDecoder.pixbuf(frame.pixels) else {
                    reservation.release()
                    return .failure(.unfinished)
                }
                if let profile { _ = ImageDecoder.frameInSRGB(pixbuf, profile: profile) }
                list.append((pixbuf, max(frame.milliseconds, 20)))
            }
            guard list.count >= 2 else {
                reservation.release()
                return .failure(.still)
            }
            return .success(HelperFrameList(list, reservation: reservation))
        }
    }
}
