// Why this exists: what the helper does for each request: the photo's bytes mapped from their memfd, decoded by the pipeline's own decoder under a processor-time limit, and the pixels copied once into a memfd that is sealed before it is sent.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import HelperIPC
import PhotoDecoding

final class HelperRequests {
    let processorSeconds: Int
    let app: HelperSocket
    /// The animation `animate` read, kept for `frame` requests.
    var animation: HelperAnimation?
    /// The pixels this helper's decodes may hold at once (its own: a helper is a process).
    let budget = DecodeBudget(bytes: DecodeBudget.processBytes)

    init(processorSeconds: Int, app: HelperSocket) {
        self.processorSeconds = processorSeconds
        self.app = app
    }

    /// The reply to `request` and its pixels' descriptor (-1: none); no reply to a stray cancel.
    func answer(_ request: HelperRequest, input: Int32) -> (HelperReply?, Int32) {
        if case .cancel = request { return (nil, -1) }
        var reply = HelperReply(id: request.id)
        if case .frame(_, let elapsed) = request {
            guard let animation, let frame = animation.frame(at: elapsed) else {
                reply.error = .undecodable(Words("no animation is being played"))
                return (reply, -1)
            }
            reply.delay = frame.delay
            return attach(frame.pixbuf, to: reply)
        }
        guard let data = Self.mapped(input) else {
            reply.error = .undecodable(Words("the photo's bytes could not be read"))
            return (reply, -1)
        }
        // (Its processor time for this image is set by the app, from outside: the filter lets no
        // helper set its own limits.)
        // The app sends a cancel between our chunks when the photo is no longer wanted.
        let cancelled = { [app] in app.hasPending }
        switch request {
        case .decode(_, let decoder):
            if decoder.forExport { BackgroundPriority.lowerHelperThread(to: BackgroundPriority.exportNiceness) }
            var report = ImageDecoder.Report()
            do throws(DecodeError) {
                let image = try decoder.decodeHere(data, report: &report, parsers: LinkedParsers.libraries, within: budget, file: "/proc/self/fd/\(input)", isCancelled: cancelled)
                reply.report = report
                return attach(image.pixbuf, to: reply)
            } catch {
                reply.report = report
                reply.error = error
                return (reply, -1)
            }
        case .png(_, let keys, let maxSide):
            var allocated = false
            guard let decoded = PNGFile.decode(data, keys: keys, maxSide: maxSide, allocated: &allocated) else {
                reply.error = .undecodable(Words("no image data"))
                return (reply, -1)
            }
            reply.text = decoded.text
            return attach(decoded.pixbuf, to: reply)
        case .animate(_, let pixelLimit, let seconds):
            animation = nil
            // Kept past this reply: never bytes the app fills again (it sends an animation sealed).
            let owned = SealedMemory.isSealed(input) ? data : data.withUnsafeBytes { Data($0) }
            switch HelperAnimation.read(owned, pixelLimit: pixelLimit, processorSeconds: seconds, budget: budget, isCancelled: cancelled) {
            case .success(let read):
                animation = read.animation
                reply.frames = read.animation.frames
                reply.delay = read.delay
                return attach(read.still, to: reply)
            case .failure(let refusal):
                if case .decode(let error) = refusal { reply.error = error } else { reply.refusal = refusal }
                return (reply, -1)
            }
        case .profile:
            reply.profileCheck = ImageDecoder.checkProfileHere(data)
            return (reply, -1)
        case .keep(_, let edit):
            switch KeptMetadata.blocksHere(data, edit, parsers: LinkedParsers.libraries) {
            case .kept(let blocks):
                let parts = KeptLayout.joined(blocks)
                let fd = parts.isEmpty ? -1 : SealedMemory.sealed(parts, name: "classic-photos-metadata")
                guard parts.isEmpty || fd >= 0 else {
                    reply.error = .undecodable(Words("its details could not be kept"))
                    return (reply, -1)
                }
                reply.kept = blocks.whole ? .all : .standard
                reply.fileLength = parts.count
                reply.keptLayout = KeptLayout(blocks)
                reply.keptFields = blocks.fields
                return (reply, fd)
            case .none: reply.kept = MetadataKept.none
            case .failed(let words): reply.error = .undecodable(words)
            }
            return (reply, -1)
        case .facts(_, let lengths):
            var at = 0
            var facts: [PhotoFacts?] = []
            for length in lengths.prefix(PhotoFacts.mostPerRequest) {
                guard length >= 0, length <= data.count - at else { break }
                facts.append(PhotoFacts.readHere(data.subdata(in: at..<at + length), parsers: LinkedParsers.libraries))
                at += length
            }
            reply.facts = facts
            return (reply, -1)
        case .turn(_, let turn):
            do throws(TurnRefusal) {
                return attach(file: try PhotoTurning.turnedHere([UInt8](data), turn, parsers: LinkedParsers.libraries), named: "classic-photos-file", to: reply)
            } catch {
                reply.error = .undecodable(error.reason)
                return (reply, -1)
            }
        case .pngSamples:
            guard let samples = PhotoTurning.pngSamplesHere([UInt8](data)) else {
                reply.error = .undecodable(Words("its pixels could not be read"))
                return (reply, -1)
            }
            return attach(file: samples, named: "classic-photos-samples", to: reply)
        case .losslessPixels:
            guard let read = PhotoTurning.losslessWebPPixelsHere([UInt8](data), parsers: LinkedParsers.libraries) else {
                reply.error = .undecodable(Words("its pixels could not be read"))
                return (reply, -1)
            }
            let fd = read.rgba.withUnsafeBytes { SealedMemory.sealed(copying: $0.baseAddress, count: $0.count, name: "classic-photos-pixels") }
            guard fd >= 0 else {
                reply.error = .undecodable(Words("its pixels could not be handed over"))
                return (reply, -1)
            }
            reply.pixels = PixelShape(width: read.width, height: read.height, rowStride: read.width * 4, hasAlpha: true)
            return (reply, fd)
        case .mark(_, let change):
            do throws(TurnRefusal) {
                let (file, before) = try PhotoMarking.markedHere([UInt8](data), change, parsers: LinkedParsers.libraries)
                reply.marks = before
                return attach(file: file, named: "classic-photos-file", to: reply)
            } catch {
                reply.error = .undecodable(error.reason)
                return (reply, -1)
            }
        case .frame, .cancel:
            return (nil, -1)
        }
    }

    /// The photo's bytes, mapped from the memfd the app sent (never copied): a sealed one, or
    /// the one the app keeps for this helper, which it fills again only after this reply.
    static func mapped(_ fd: Int32) -> Data? {
        guard fd >= 0, let (map, length) = KeptMemory.map(fd) else { return nil }
        guard let map else { return Data() }
        return Data(bytesNoCopy: map, count: length, deallocator: .custom { pointer, count in SealedMemory.unmap(pointer, length: count) })
    }

    /// `pixbuf`'s pixels copied into a new memfd, sealed, described in `reply`.
    func attach(_ pixbuf: Pixbuf, to reply: HelperReply) -> (HelperReply?, Int32) {
        var reply = reply
        let fd = SealedMemory.sealed(copying: pixbuf.pixels, count: pixbuf.byteLength, name: "classic-photos-pixels")
        guard fd >= 0 else {
            reply.error = .undecodable(Words("its pixels could not be handed over"))
            return (reply, -1)
        }
        reply.pixels = PixelShape(width: pixbuf.width, height: pixbuf.height, rowStride: pixbuf.rowStride, hasAlpha: pixbuf.hasAlpha)
        return (reply, fd)
    }

    /// `bytes` (a turned file, a PNG's samples) copied into a new memfd, sealed, their length in `reply`.
    func attach(file bytes: [UInt8], named name: String, to reply: HelperReply) -> (HelperReply?, Int32) {
        var reply = reply
        let fd = bytes.withUnsafeBytes { SealedMemory.sealed(copying: $0.baseAddress, count: $0.count, name: name) }
        guard fd >= 0 else {
            reply.error = .undecodable(Words("its pixels could not be handed over"))
            return (reply, -1)
        }
        reply.fileLength = bytes.count
        return (reply, fd)
    }
}
