// Why this exists: Rotate, lossless by format. A JPEG or TIFF gets a new EXIF orientation, a HEIC or AVIF a new `irot` (every viewer honours EXIF orientation only in JPEG and TIFF), a PNG its pixels turned at its own depth and a lossless WebP its pixels turned and encoded again exactly; every edit is computed in a helper and checked by the app by what it may change, then written safely in place. Other formats (a lossy WebP among them) are refused with the reason, since turning them would lose something.
import PhotoFormats
import Foundation

public enum PhotoTurning {
    /// Turn the photo at `path` a quarter, in place, each edit computed where `decoders` says
    /// (the app's helpers) and checked here; a camera's RAW file in its sidecar instead (the turn
    /// kept there is returned; nil: the file was turned). Blocking: call off the main loop.
    @discardableResult
    public static func turn(_ path: String, _ turn: QuarterTurn, by decoders: Decoders) throws(TurnRefusal) -> SidecarTurning.Turn? {
        if SidecarTurning.isRaw(path) { return try SidecarTurning.turn(path, turn, by: decoders) }
        let name = (path as NSString).lastPathComponent
        try PhotoRewrite.rewrite(path) { (bytes) throws(TurnRefusal) in try turned(bytes, turn, by: decoders, name: name) }
        return nil
    }

    /// The same turn made in this process, as the app made a JPEG's, TIFF's or HEIC's before
    /// issue 58: the benchmark's side of the comparison. Blocking.
    public static func turnHere(_ path: String, _ turn: QuarterTurn, parsers: ParserLibraries?) throws(TurnRefusal) {
        try PhotoRewrite.rewrite(path) { (bytes) throws(TurnRefusal) in try turnedHere(bytes, turn, parsers: parsers) }
    }

    /// For the header fuzzer: every edit on the same bytes, whatever they say they are; each
    /// must refuse what it cannot read, never trap.
    public static func tryEveryEdit(on data: Data, parsers: ParserLibraries) {
        let bytes = [UInt8](data)
        for turn in QuarterTurn.allCases {
            _ = try? EXIFOrientationEdit.turnedJPEG(bytes, turn)
            _ = try? EXIFOrientationEdit.turnedTIFF(bytes, turn)
            _ = try? HEIFRotationEdit.turned(bytes, turn)
            _ = try? PNGRotationEdit.turnedHere(bytes, turn)
            if let png = try? PNGRotationEdit.parsed(bytes) { _ = try? PNGRotationEdit.checkChunks(of: bytes, against: png) }
            _ = try? WebPRotationEdit.turnedHere(bytes, turn, parsers: parsers)
            // Rate and Flag's placing of an XMP packet, and its check, on the same bytes.
            if turn == .clockwise, let placed = try? XMPReplacement.replaced(bytes, packet: Array("<x:xmpmeta/>".utf8)) {
                try? XMPReplacement.check(placed, against: bytes)
                try? XMPReplacement.check(bytes, against: placed)
            }
            // The checks' readers on the bytes as an answer, against themselves and a true turn.
            for kind in [Kind.jpeg, .tiff, .heif] {
                try? check(bytes, against: bytes, turn, kind)
                if kind == self.kind(of: bytes), let turned = try? turnedHere(bytes, turn, parsers: parsers) { try? check(turned, against: bytes, turn, kind) }
            }
        }
    }

    /// A photo's bytes turned, in this process: a decoding helper's side of `turn` (and the
    /// pipeline's tests, without a pool).
    public static func turnedHere(_ bytes: [UInt8], _ turn: QuarterTurn, parsers: ParserLibraries?) throws(TurnRefusal) -> [UInt8] {
        switch kind(of: bytes) {
        case .jpeg: return try EXIFOrientationEdit.turnedJPEG(bytes, turn)
        case .tiff: return try EXIFOrientationEdit.turnedTIFF(bytes, turn)
        case .heif: return try HEIFRotationEdit.turned(bytes, turn)
        case .png: return try PNGRotationEdit.turnedHere(bytes, turn)
        case .webp: return try WebPRotationEdit.turnedHere(bytes, turn, parsers: parsers)
        case .other(let name): throw refusal(name)
        }
    }

    /// A PNG's samples, in this process (a decoding helper's side of the turn's check).
    public static func pngSamplesHere(_ bytes: [UInt8]) -> [UInt8]? {
        try? PNGRotationEdit.samplesHere(bytes)
    }

    /// A lossless WebP's own pixels, in this process (a decoding helper's side of the turn's check).
    public static func losslessWebPPixelsHere(_ bytes: [UInt8], parsers: ParserLibraries?) -> (width: Int, height: Int, rgba: [UInt8])? {
        try? WebPRotationEdit.losslessPixelsHere(bytes, parsers: parsers)
    }

    /// A photo's bytes turned, by what its bytes say it is: in the app's helpers,
    /// its answer checked by what the edit may change.
    /// `name`, the file's: a camera's RAW file is a TIFF inside, told by its name.
    static func turned(_ bytes: [UInt8], _ turn: QuarterTurn, by decoders: Decoders, name: String? = nil) throws(TurnRefusal) -> [UInt8] {
        try refuseCameraFormats(bytes, name: name)
        let kind = kind(of: bytes)
        switch kind {
        case .png: return try PNGRotationEdit.turned(bytes, turn, by: decoders)
        case .webp: return try WebPRotationEdit.turned(bytes, turn, by: decoders)
        case .other(let name): throw refusal(name)
        case .jpeg, .tiff, .heif:
            guard let pool = decoders.pool else { return try turnedHere(bytes, turn, parsers: decoders.parsers) }
            // An orientation edit adds at most an IFD0 copy (65,535 entries) or a box.
            let result = try TurnInHelper.asked(bytes, turn, in: pool, most: bytes.count + 2 + 12 * 65_536 + 6)
            try check(result, against: bytes, turn, kind)
            return result
        }
    }

    /// The app's check of an orientation edit's answer (`EXIFOrientationCheck`, `HEIFRotationCheck`).
    static func check(_ result: [UInt8], against bytes: [UInt8], _ turn: QuarterTurn, _ kind: Kind) throws(TurnRefusal) {
        switch kind {
        case .jpeg: try EXIFOrientationCheck.checkJPEG(result, against: bytes, turn)
        case .tiff: try EXIFOrientationCheck.checkTIFF(result, against: bytes, turn)
        case .heif: try HEIFRotationCheck.check(result, against: bytes, turn)
        default: throw TurnRefusal(EXIFOrientationCheck.notTheTurn)
        }
    }

    /// A camera's RAW file is never written (`SidecarTurning` turns it), and libjxl cannot turn a JPEG XL losslessly.
    static func refuseCameraFormats(_ bytes: [UInt8], name: String?) throws(TurnRefusal) {
        switch CameraFile.kind(of: Data(bytes.prefix(16)), name: name) {
        case .raw(let kind): throw TurnRefusal(Words("a camera's RAW file (%1$s) is never written", kind))
        case .jpegXL: throw refusal("JPEG XL")
        case .avifSequence: throw TurnRefusal(Words("an animated AVIF cannot be turned without re-encoding it"))
        case nil: return
        }
    }

    static func refusal(_ name: String?) -> TurnRefusal {
        if let name { return TurnRefusal(Words("a %1$s photo cannot be turned without re-encoding it", name)) }
        return TurnRefusal(Words("a photo of this kind cannot be turned without re-encoding it"))
    }

    enum Kind: Equatable { case jpeg, tiff, heif, png, webp, other(String?) }

    static func kind(of bytes: [UInt8]) -> Kind {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0]) || bytes.starts(with: [0x4D, 0x4D, 0, 0x2A]) { return .tiff }
        if bytes.count >= 12, bytes[4..<8].elementsEqual(Array("ftyp".utf8)) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["heic", "heix", "heim", "heis", "mif1", "msf1", "avif", "avis"].contains(brand) { return .heif }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return .webp }
        if bytes.starts(with: Array("GIF8".utf8)) { return .other("GIF") }
        return .other(nil)
    }
}
