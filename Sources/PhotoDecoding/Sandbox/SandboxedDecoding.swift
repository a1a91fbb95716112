// Why this exists: the pipeline's decodes sent to a helper in the app's helpers: the decoder's settings and the photo's bytes go over, pixels or the reason come back, and a helper that died fails only this photo (and is replaced for the next).
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime

extension HelperPool {
    /// One request on a lent helper, given back after (stopped, if it died or the reply was not as promised).
    /// `fits` says whether pixels of a shape are no more than were asked for: a helper that
    /// answers more is stopped before they are mapped, and the photo fails with the reason.
    func ask(origin: String?, urgent: Bool = false, background: Bool = false, bytes: Data, cancellable: Cancellable?,
             fits: (PixelShape) -> Bool, _ make: (Int) -> HelperRequest) -> Result<(HelperReply, Pixbuf?), DecodeError> {
        exchange(origin: origin, urgent: urgent, background: background, bytes: bytes, cancellable: cancellable, make) { reply, fd in
            guard let shape = reply.pixels else { return .nothing }
            guard fits(shape) else { return .oversized }
            return HelperPixels.take(fd, shape: shape).map { .taken($0) } ?? .garbled
        }
    }

    /// `ask` for a request answered with a file's bytes beside the reply (`fileLength` of them).
    func askForFile(origin: String?, bytes: Data, cancellable: Cancellable?,
                    _ make: (Int) -> HelperRequest) -> Result<(HelperReply, Data?), DecodeError> {
        exchange(origin: origin, urgent: false, background: false, bytes: bytes, cancellable: cancellable, make) { reply, fd in
            guard let length = reply.fileLength else { return .nothing }
            if length == 0, fd < 0 { return .taken(Data()) }
            return HelperBytes.take(fd, count: length).map { .taken($0) } ?? .garbled
        }
    }

    /// One request on `helper` (not the pool's to give back): the pixels beside its reply, if
    /// they are as promised and no more than `fits` allows.
    func pixels(from helper: HelperProcess, bytes: Data, fits: (PixelShape) -> Bool, _ make: (Int) -> HelperRequest) -> Result<Pixbuf, DecodeError> {
        answer(from: helper, bytes: bytes, make) { reply, fd in
            guard let shape = reply.pixels, fits(shape) else { return .oversized }
            return HelperPixels.take(fd, shape: shape).map { .taken($0) } ?? .garbled
        }
    }

    /// One request on `helper` (not the pool's to give back): the bytes beside its reply, if
    /// they are as promised and no more than `most`.
    func file(from helper: HelperProcess, bytes: Data, most: Int, _ make: (Int) -> HelperRequest) -> Result<Data, DecodeError> {
        answer(from: helper, bytes: bytes, make) { reply, fd in
            guard let length = reply.fileLength, length <= most else { return .oversized }
            return HelperBytes.take(fd, count: length).map { .taken($0) } ?? .garbled
        }
    }

    /// One request on `helper`, with what is beside its reply taken by `take` (which closes the
    /// descriptor when it takes or finds it garbled); anything but `.taken` is a failure.
    private func answer<Taken>(from helper: HelperProcess, bytes: Data, _ make: (Int) -> HelperRequest,
                               take: (HelperReply, Int32) -> Beside<Taken>) -> Result<Taken, DecodeError> {
        switch helper.exchange(make, bytes: bytes, cancellable: nil, launch: launch) {
        case .died(let death): return .failure(death.decodeError)
        case .reply(let reply, let fd):
            if let error = reply.error {
                if fd >= 0 { close(fd) }
                return .failure(error)
            }
            switch take(reply, fd) {
            case .taken(let taken): return .success(taken)
            case .oversized:
                if fd >= 0 { close(fd) }
                return .failure(.decoderStopped(Self.oversized))
            case .nothing:
                if fd >= 0 { close(fd) }
                return .failure(.decoderStopped(HelperDeath.garbled.words))
            case .garbled: return .failure(.decoderStopped(HelperDeath.garbled.words))
            }
        }
    }

    /// What is beside a reply: nothing promised, what was, or not what was promised.
    enum Beside<Taken> {
        case nothing, taken(Taken), garbled
        /// More pixels than were asked for.
        case oversized
    }

    /// Why a photo fails when its helper answered with more pixels than were asked for.
    package static let oversized = Words("the helper decoding it answered with more pixels than were asked for")

    /// A request and its reply, with what is beside the reply taken by `take` (which closes the
    /// descriptor; a failure means it was not as the reply promised).
    private func exchange<Taken>(origin: String?, urgent: Bool, background: Bool, bytes: Data, cancellable: Cancellable?, _ make: (Int) -> HelperRequest,
                                  take: (HelperReply, Int32) -> Beside<Taken>) -> Result<(HelperReply, Taken?), DecodeError> {
        let helper: HelperProcess
        switch lease(origin: origin, urgent: urgent, background: background, cancellable: cancellable) {
        case .success(let lent): helper = lent
        case .failure(let error): return .failure(error)
        }
        switch helper.exchange(make, bytes: bytes, cancellable: cancellable, launch: launch) {
        case .died(let death):
            giveBack(helper, reusable: false)
            return .failure(death.decodeError)
        case .reply(let reply, let fd):
            let beside: Taken?
            switch take(reply, fd) {
            case .nothing:
                if fd >= 0 { close(fd) }
                beside = nil
            case .taken(let taken): beside = taken
            case .garbled:
                giveBack(helper, reusable: false)
                return .failure(.decoderStopped(HelperDeath.garbled.words))
            case .oversized:
                if fd >= 0 { close(fd) }
                giveBack(helper, reusable: false)
                return .failure(.decoderStopped(Self.oversized))
            }
            giveBack(helper, reusable: true)
            return .success((reply, beside))
        }
    }
}

extension ImageDecoder {
    /// Decode in a helper of `pool`: the same settings, the same errors.
    public func decode(in pool: HelperPool, _ data: Data, report: inout Report, cancellable: Cancellable? = nil) throws(DecodeError) -> Thumbnail {
        guard !data.isEmpty else { throw .empty }
        // An export's helper runs below the list's for the rest of its life: it is an origin of its own.
        let lent = forExport ? HelperPool.exportOrigin(origin) : origin
        let result = pool.ask(origin: lent, urgent: urgent, bytes: data, cancellable: cancellable, fits: allows) { .decode(id: $0, self) }
        let reply: HelperReply, pixbuf: Pixbuf?
        switch result {
        case .success(let answer): (reply, pixbuf) = answer
        case .failure(let error): throw error
        }
        if let sent = reply.report { report = sent.checked() }
        if let error = reply.error { throw error }
        guard let pixbuf else { throw .decoderStopped(HelperDeath.garbled.words) }
        return Thumbnail(pixbuf)
    }
}

extension PNGFile {
    /// A cache's PNG decoded in a helper (`decode(_:keys:maxSide:)` there).
    static func decode(in pool: HelperPool, _ data: Data, keys: [String], maxSide: Int) -> (pixbuf: Pixbuf, text: [String: String])? {
        guard data.starts(with: signature) else { return nil }
        let fits = { (shape: PixelShape) in shape.width <= maxSide && shape.height <= maxSide }
        guard case .success(let (reply, pixbuf)) = pool.ask(origin: "cache", bytes: data, cancellable: nil, fits: fits, { .png(id: $0, keys: keys, maxSide: maxSide) }),
              let pixbuf, reply.error == nil else { return nil }
        return (pixbuf, reply.text ?? [:])
    }
}

extension ImageDecoder {
    /// Whether pixels of `shape` are no more than this decode can make: within its pixel limits,
    /// and, when it scales while decoding, within its longest side (a thumbnail's square too).
    func allows(_ shape: PixelShape) -> Bool {
        guard shape.width * shape.height <= min(pixelLimit, maxPixels ?? pixelLimit) else { return false }
        return !downscaleWhileDecoding || (shape.width <= maxDimension && shape.height <= maxDimension)
    }

    /// Decoding the photo at `url`: its origin (which helpers decode it) and its file name (a
    /// format its bytes do not say).
    public mutating func decoding(_ url: URL) {
        origin = Self.origin(of: url)
        fileName = url.lastPathComponent
    }

    /// The origin a photo's bytes came from, as helpers are kept apart: a web origin (scheme,
    /// host and port), or the user's own files.
    public static func origin(of url: URL) -> String {
        if url.isFileURL { return "file:" }
        return "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
    }
}
