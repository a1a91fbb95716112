// Why this exists: a PNG turned without losing anything, at its own bit depth and colour type (16-bit stays 16-bit, a palette stays a palette), every other chunk kept as it was (text, EXIF, colour profile) and the pixel density's axes swapped. The pixels are expanded and turned in a helper (`+Here`); the app reads only the chunk list and the header with its own bounds-checked reader (refusing there what it can, a PNG that would expand past 64 MB first), and trusts the helper's file only as far as it checks it: its chunks must be the original's but for the header and density turned and the image data, and a second, fresh helper must find in it the original's samples turned, every value.
import PhotoFormats
import Foundation

enum PNGRotationEdit {
    /// The most pixels a PNG turned may have (the decoders' limit).
    static let maxPixels = 100_000_000
    /// The most bytes its pixels may expand to: a turn holds them three times over (expanded,
    /// unfiltered, turned), and a small file can declare gigabytes (a 498 KB PNG expands to
    /// 512 MB). A 12-megapixel photo's 8-bit RGBA is 48 MB.
    static let mostExpandedBytes = 64 << 20
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func damaged() -> TurnRefusal { TurnRefusal(Words("its PNG chunks are damaged")) }
    /// Why a turn's result is refused when a check finds it is not what was asked.
    static let notTheTurn = Words("the helper that turned it answered with another picture")

    /// A PNG's chunks and what its header says, every size checked against the file.
    struct Parsed {
        var chunks: [(type: String, body: ArraySlice<UInt8>)]
        var header: [UInt8]
        var width: Int, height: Int
        /// Bytes a pixel takes.
        var pixel: Int
        /// Where the file's IEND chunk ends (a file may go on after it).
        var end: Int

        /// The header of the turned image: width and height swapped, the rest as it was.
        var turnedHeader: [UInt8] { Array(header[4..<8]) + Array(header[0..<4]) + Array(header[8...]) }
    }

    /// The app's own reading: the chunk list and the header, and every refusal they allow.
    static func parsed(_ file: [UInt8]) throws(TurnRefusal) -> Parsed {
        guard file.starts(with: signature) else { throw damaged() }
        var chunks: [(type: String, body: ArraySlice<UInt8>)] = []
        var at = 8
        while at + 12 <= file.count {
            let length = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard length <= file.count - at - 12 else { throw damaged() }
            let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
            chunks.append((type, file[(at + 8)..<(at + 8 + length)]))
            at += 12 + length
            if type == "IEND" { break }
        }
        guard let first = chunks.first, first.type == "IHDR", first.body.count == 13, chunks.last?.type == "IEND",
              chunks.contains(where: { $0.type == "IDAT" }) else { throw damaged() }
        let h = Array(first.body)
        let width = Int(h[0]) << 24 | Int(h[1]) << 16 | Int(h[2]) << 8 | Int(h[3])
        let height = Int(h[4]) << 24 | Int(h[5]) << 16 | Int(h[6]) << 8 | Int(h[7])
        let (depth, colour, interlace) = (Int(h[8]), Int(h[9]), h[12])
        if chunks.contains(where: { $0.type == "acTL" }) { throw TurnRefusal(Words("an animated PNG cannot be turned")) }
        guard interlace == 0 else { throw TurnRefusal(Words("an interlaced PNG cannot be turned yet")) }
        let channels: Int
        switch colour {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw damaged()
        }
        guard depth == 8 || depth == 16 else { throw TurnRefusal(Words("a PNG of fewer than 8 bits a sample cannot be turned yet")) }
        guard width > 0, height > 0, width <= maxPixels / height else { throw TurnRefusal(Words("it is too large to rewrite")) }
        let pixel = channels * depth / 8
        // Refused from its header alone, before anything is expanded.
        guard height * (width * pixel + 1) <= mostExpandedBytes else {
            throw TurnRefusal(Words("its pixels would take more than %s MB to turn", String(mostExpandedBytes >> 20)))
        }
        return Parsed(chunks: chunks, header: h, width: width, height: height, pixel: pixel, end: at)
    }

    /// The file turned: asked of a helper in the app's helpers (zlib never reads a photo in
    /// the app), and checked; else here (the pipeline's tests).
    static func turned(_ file: [UInt8], _ turn: QuarterTurn, by decoders: Decoders) throws(TurnRefusal) -> [UInt8] {
        let original = try parsed(file)
        guard let pool = decoders.pool else { return try turnedHere(file, turn) }
        let result = try TurnInHelper.asked(file, turn, in: pool, most: file.count * 4 + (original.width * original.height * original.pixel) + 65_536)
        try checkChunks(of: result, against: original)
        try checkSamples(of: result, against: file, original, turn, in: pool)
        return result
    }

    /// The result's chunks, read by the app's own reader, are the original's in the same order,
    /// byte for byte, but for the header and the density, turned, and the image data (one run of
    /// IDAT chunks where the original's run was).
    static func checkChunks(of result: [UInt8], against original: Parsed) throws(TurnRefusal) {
        // Nothing after its end either.
        guard let theirs = try? parsed(result), theirs.end == result.count else { throw TurnRefusal(notTheTurn) }
        // Each run of IDAT chunks as one, without its data.
        func withoutData(_ chunks: [(type: String, body: ArraySlice<UInt8>)]) -> [(type: String, body: ArraySlice<UInt8>)] {
            var kept: [(type: String, body: ArraySlice<UInt8>)] = []
            for chunk in chunks where !(chunk.type == "IDAT" && kept.last?.type == "IDAT") {
                kept.append(chunk.type == "IDAT" ? (chunk.type, ArraySlice<UInt8>()) : chunk)
            }
            return kept
        }
        // One run of IDAT chunks in each (as PNG wants them).
        let mine = withoutData(original.chunks), others = withoutData(theirs.chunks)
        guard mine.count == others.count, mine.filter({ $0.type == "IDAT" }).count == 1,
              others.filter({ $0.type == "IDAT" }).count == 1 else { throw TurnRefusal(notTheTurn) }
        for (before, after) in zip(mine, others) {
            guard before.type == after.type else { throw TurnRefusal(notTheTurn) }
            switch before.type {
            case "IDAT": continue
            case "IHDR": guard after.body.elementsEqual(original.turnedHeader) else { throw TurnRefusal(notTheTurn) }
            case "pHYs" where before.body.count == 9: guard after.body.elementsEqual(turnedDensity(Array(before.body))) else { throw TurnRefusal(notTheTurn) }
            default: guard before.body.elementsEqual(after.body) else { throw TurnRefusal(notTheTurn) }
            }
        }
    }

    /// A helper started for this alone reads the original's samples and the result's; the
    /// result's must be the original's turned, every value. Two helpers would have to collude
    /// to pass another picture.
    static func checkSamples(of result: [UInt8], against file: [UInt8], _ original: Parsed, _ turn: QuarterTurn, in pool: HelperPool) throws(TurnRefusal) {
        let count = original.width * original.height * original.pixel
        let read = pool.withFreshHelper { helper in
            (pool.file(from: helper, bytes: Data(file), most: count) { .pngSamples(id: $0) },
             pool.file(from: helper, bytes: Data(result), most: count) { .pngSamples(id: $0) })
        }
        guard case .success(let (before, after)) = read, case .success(let samples) = before, case .success(let turned) = after else {
            throw TurnRefusal(Words("its turned pixels could not be checked"))
        }
        guard samples.count == count, turned.count == count, isTurned(samples, turned, original, turn) else { throw TurnRefusal(notTheTurn) }
    }

    /// Whether `turned` is `samples` turned, compared where they lie (a 12-megapixel photo's
    /// samples are 36 to 96 MB: no copy of either is made).
    static func isTurned(_ samples: Data, _ turned: Data, _ png: Parsed, _ turn: QuarterTurn) -> Bool {
        let (width, height, pixel) = (png.width, png.height, png.pixel)
        let newStride = height * pixel, stride = width * pixel
        return samples.withUnsafeBytes { from in
            turned.withUnsafeBytes { to in
                for newY in 0..<width {
                    for newX in 0..<height {
                        let (x, y) = turn == .clockwise ? (newY, height - 1 - newX) : (width - 1 - newY, newX)
                        let source = y * stride + x * pixel, target = newY * newStride + newX * pixel
                        for byte in 0..<pixel where from.load(fromByteOffset: source + byte, as: UInt8.self) != to.load(fromByteOffset: target + byte, as: UInt8.self) { return false }
                    }
                }
                return true
            }
        }
    }

    /// Samples of `png`'s size (rows without filter bytes) turned a quarter: `height` wide after.
    static func turnedSamples(_ samples: [UInt8], _ png: Parsed, _ turn: QuarterTurn) -> [UInt8] {
        let (width, height, pixel) = (png.width, png.height, png.pixel)
        var out = [UInt8](repeating: 0, count: samples.count)
        let newStride = height * pixel, stride = width * pixel
        for newY in 0..<width {
            for newX in 0..<height {
                let (x, y) = turn == .clockwise ? (newY, height - 1 - newX) : (width - 1 - newY, newX)
                let from = y * stride + x * pixel, to = newY * newStride + newX * pixel
                for byte in 0..<pixel { out[to + byte] = samples[from + byte] }
            }
        }
        return out
    }

    /// A pHYs chunk's body with its axes swapped.
    static func turnedDensity(_ body: [UInt8]) -> [UInt8] { Array(body[4..<8]) + Array(body[0..<4]) + [body[8]] }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { [UInt8](PNGChunks.chunk(type, Data(body))) }
}
