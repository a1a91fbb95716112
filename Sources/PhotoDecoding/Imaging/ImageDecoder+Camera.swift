// Why this exists: a camera's formats decoded where the helper's program links libjxl and libraw (ParserLibraries' camera table): a JPEG XL's header checked before its pixels, a RAW file's thumbnail from its smallest embedded preview that covers it and its larger pictures developed at the size they are shown, each ending as every decode does (fitted, cropped, in sRGB).
import Foundation
import GdkPixbuf
import GLibRuntime
import MetadataValues
import PhotoFormats

extension ImageDecoder {
    /// `data`, a `kind` photo, decoded with the camera codecs in `parsers`.
    func decodeCamera(_ kind: CameraFile, _ data: Data, report: inout Report, parsers: ParserLibraries?, within budget: DecodeBudget?,
                      cancellable: Cancellable?, isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail {
        report.mimeType = kind.mimeType
        report.formatName = kind.name
        guard let camera = parsers?.camera else { throw .undecodable(Words("%1$s photos are read only by the decoding helper", kind.name)) }
        switch kind {
        case .jpegXL: return try decodeJXL(data, camera: camera, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled)
        case .avifSequence: return try decodeSequence(data, camera: camera, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled)
        case .raw: return try decodeRaw(data, format: kind.name, camera: camera, report: &report, parsers: parsers, within: budget, cancellable: cancellable,
                                        isCancelled: isCancelled)
        }
    }

    private func decodeJXL(_ data: Data, camera: CameraParsers, report: inout Report, within budget: DecodeBudget?, cancellable: Cancellable?,
                           isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail {
        let facts = try Self.camera(camera.jxlFacts(data), format: "JPEG XL")
        report.declaredWidth = facts.width
        report.declaredHeight = facts.height
        report.frames = facts.animated ? max(1, camera.jxlFrames(data, ImageLimits.standard.frames)) : 1
        var profile: Data?
        let first = try firstFrame(width: facts.width, height: facts.height, format: "JPEG XL", report: &report, within: budget,
                                   cancellable: cancellable, isCancelled: isCancelled) { isCancelled in
            camera.jxlDecode(data, pixelLimit, 1, isCancelled).map { image in
                profile = image.profile
                return image.frames
            }
        }
        return Self.inSRGB(first, profile: profile, report: &report)
    }

    /// The first frame a codec decodes (`decode`, given when to stop), fitted: its size checked
    /// first, and the codec's buffer, the frame's copy and the pixbuf's held within `budget`.
    private func firstFrame(width: Int, height: Int, format: String, report: inout Report, within budget: DecodeBudget?, cancellable: Cancellable?,
                            isCancelled: () -> Bool,
                            decode: (@escaping () -> Bool) -> Result<[CameraFrame], CameraFailure>) throws(DecodeError) -> Thumbnail {
        guard width * height <= pixelLimit else { throw .tooManyPixels(width: width, height: height, limit: pixelLimit) }
        let held = try Self.reserve(width * height * 4 * 3, from: budget, cancellable: cancellable)
        defer { held?.release() }
        let frames = try Self.camera(withoutActuallyEscaping(isCancelled) { decode($0) }, format: format)
        guard let first = frames.first?.pixels else { throw .undecodable(Words("no image data")) }
        report.allocated = true
        if isCancelled() { throw .cancelled }
        return try finished(try Self.pixbuf(first), scaled: true)
    }

    /// An AVIF sequence's first frame (libavif; the viewer plays the rest).
    private func decodeSequence(_ data: Data, camera: CameraParsers, report: inout Report, within budget: DecodeBudget?, cancellable: Cancellable?,
                                isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail {
        guard let facts = camera.avifFacts(data) else { throw .unreadableHeader(format: "AVIF", why: Words("cannot be read")) }
        report.declaredWidth = facts.width
        report.declaredHeight = facts.height
        report.frames = max(1, facts.frames)
        return try firstFrame(width: facts.width, height: facts.height, format: "AVIF", report: &report, within: budget, cancellable: cancellable,
                              isCancelled: isCancelled) { camera.avifDecode(data, pixelLimit, 1, $0) }
    }

    private func decodeRaw(_ data: Data, format: String, camera: CameraParsers, report: inout Report, parsers: ParserLibraries?, within budget: DecodeBudget?,
                           cancellable: Cancellable?, isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail {
        var facts = try Self.camera(camera.rawFacts(data), format: format)
        // Its sidecar's turn, where Rotate kept one, in place of its own.
        if let turn = sidecarOrientation, (1...8).contains(turn) { facts.orientation = turn }
        let turned = (5...8).contains(facts.orientation)
        report.declaredWidth = turned ? facts.height : facts.width
        report.declaredHeight = turned ? facts.width : facts.height
        if readsDetails { report.details = Self.rawDetails(data, facts: facts, parsers: parsers) }
        guard facts.sensorPixels <= pixelLimit, facts.width * facts.height <= pixelLimit else {
            throw .tooManyPixels(width: facts.width, height: facts.height, limit: pixelLimit)
        }
        // The longest side it is shown at: its preview serves when it is as large, or nearly.
        let wanted = squareCrop ? maxDimension : Self.side(facts.width, facts.height, maxDimension, maxPixels)
        let previewSide = max(facts.previewWidth, facts.previewHeight)
        let developedSide = max(facts.width, facts.height)
        // A smaller preview the file lists that still covers the size shown (a camera's thumbnail,
        // for a row) spares decoding libraw's, its largest (a full-size JPEG).
        if downscaleWhileDecoding, !developsRaw, let small = RawPreviews.smallest(in: data, covering: wanted, smallerThan: previewSide) {
            let jpeg = Data(data.dropFirst(small.bytes.lowerBound).prefix(small.bytes.count))
            if let shown = try previewShown(.jpeg(jpeg), facts: facts, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled) {
                return shown
            }
        }
        if !developsRaw, previewSide > 0, previewSide * 10 >= min(wanted, developedSide) * 9 || !downscaleWhileDecoding,
           case .success(let preview) = camera.rawPreview(data, Self.previewBytes),
           let shown = try previewShown(preview, facts: facts, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled) {
            return shown
        }
        let half = developedSide / 2 >= wanted && downscaleWhileDecoding
        // The sensor's data, libraw's four 16-bit channels a pixel, and the 8-bit result with its copies.
        let held = try Self.reserve(facts.sensorPixels * 2 + facts.width * facts.height * (half ? 2 : 8) + facts.width * facts.height * 3 * 2,
                                    from: budget, cancellable: cancellable)
        defer { held?.release() }
        let pixels = try Self.camera(camera.rawDevelop(data, half, pixelLimit), format: format)
        report.allocated = true
        if isCancelled() { throw .cancelled }
        // Developed unturned (libraw knows nothing of a sidecar): turned here, as a preview is.
        return try Self.oriented(finished(try Self.pixbuf(pixels), scaled: true), facts.orientation)
    }

    /// A picture turned as EXIF orientation `orientation` says.
    private static func oriented(_ shown: Thumbnail, _ orientation: Int) throws(DecodeError) -> Thumbnail {
        guard orientation != 1 else { return shown }
        guard let turned = shown.pixbuf.oriented(exif: orientation) else { throw .undecodable(Words("could not orient the image")) }
        return Thumbnail(turned)
    }

    /// An embedded preview shown, turned as the RAW file says; nil when it does not read
    /// (the sensor's data is developed instead).
    private func previewShown(_ preview: RawPreview, facts: RawFacts, report: inout Report, within budget: DecodeBudget?,
                              cancellable: Cancellable?, isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail? {
        let shown: Thumbnail
        switch preview {
        case .jpeg(let jpeg):
            var asJPEG = self
            asJPEG.fileName = nil
            asJPEG.readsDetails = false
            var inner = Report()
            do throws(DecodeError) {
                shown = try asJPEG.decodeHere(Self.withoutExif(jpeg), report: &inner, parsers: nil, within: budget, cancellable: cancellable, isCancelled: isCancelled)
            } catch .cancelled {
                throw .cancelled
            } catch {
                return nil
            }
            report.profileName = inner.profileName
            report.profileConverted = inner.profileConverted
        case .pixels(let pixels):
            shown = try finished(try Self.pixbuf(pixels), scaled: true)
        }
        report.allocated = true
        report.fromRawPreview = true
        return try Self.oriented(shown, facts.orientation)
    }

    /// A preview JPEG without its EXIF segments: libraw writes one with the RAW's turn into a
    /// preview that has none, and a camera's own may say anything; the RAW's turn is applied after.
    static func withoutExif(_ jpeg: Data) -> Data {
        let bytes = [UInt8](jpeg)
        guard let header = try? JPEGHeader(bytes) else { return jpeg }
        var kept = Data(bytes[0..<2])
        for piece in header.pieces {
            let isExif = piece.marker == 0xE1 && piece.payload.map { bytes[$0].starts(with: JPEGHeader.exifHeader) } == true
            if !isExif { kept.append(contentsOf: bytes[piece.range]) }
        }
        kept.append(contentsOf: bytes[header.end...])
        return kept
    }

    /// The most bytes an embedded preview may have (a camera's full-size JPEG is 2–15 MB).
    static let previewBytes = 64 << 20

    /// A codec's answer, or its failure in words.
    static func camera<Value>(_ result: Result<Value, CameraFailure>, format: String) throws(DecodeError) -> Value {
        switch result {
        case .success(let value): return value
        case .failure(.cancelled): throw .cancelled
        case .failure(.cutShort): throw .truncated(format: format)
        case .failure(.tooManyPixels): throw .undecodable(Words("it declares more pixels than are decoded"))
        case .failure(.noPixels): throw .undecodable(Words("the image declares no pixels"))
        case .failure(.noMemory): throw .undecodable(Words("it needs more memory than a decode may have"))
        case .failure(.unsupported): throw .undecodable(Words("this camera's %1$s files are not read", format))
        case .failure(.noLibrary): throw .undecodable(Words("the library that reads %1$s photos is not installed", format))
        case .failure(.noPreview), .failure(.previewTooLarge), .failure(.undecodable):
            throw .undecodable(Words("its %1$s data cannot be decoded", format))
        }
    }

    /// `bytes` reserved from `budget` (nil: none to reserve from).
    package static func reserve(_ bytes: Int, from budget: DecodeBudget?, cancellable: Cancellable?) throws(DecodeError) -> DecodeBudget.Reservation? {
        guard let budget else { return nil }
        do throws(DecodeBudget.Refusal) {
            return try budget.reserve(bytes, cancellable: cancellable ?? Cancellable())
        } catch {
            throw DecodeError(error)
        }
    }

    /// A pixbuf of `pixels`' rows.
    package static func pixbuf(_ pixels: CameraPixels) throws(DecodeError) -> Pixbuf {
        guard pixels.isWhole, let pixbuf = Pixbuf(width: pixels.width, height: pixels.height, hasAlpha: pixels.hasAlpha) else {
            throw .undecodable(Words("could not hold the image"))
        }
        let row = pixels.width * (pixels.hasAlpha ? 4 : 3), stride = pixbuf.rowStride
        let target = pixbuf.mutablePixels
        pixels.bytes.withUnsafeBytes { source in
            for y in 0..<pixels.height {
                (target + y * stride).update(from: source.baseAddress!.advanced(by: y * row).assumingMemoryBound(to: UInt8.self), count: row)
            }
        }
        return pixbuf
    }
}
