// Why this exists: Rotate for a lossless WebP: its VP8L pixels decoded, turned and encoded again losslessly and exactly (checked by decoding the result), in a helper where the app has them (libwebp's lossless decoder is C reading the photo); every other chunk (its profile, EXIF, XMP, unknown ones) kept, the extended header's canvas turned. The app trusts the helper's file only as far as it checks it: the chunks its own reader finds must be the original's but for those two, and a second, fresh helper's decode of it must be the original's pixels turned. A lossy or animated WebP is refused: turning it would lose something.
import PhotoFormats
import Foundation

enum WebPRotationEdit {
    /// The largest photo turned: its pixels are held three times over (read, turned, checked), and
    /// a 12-megapixel one takes some 5 s of the helper's 15 s of processor time to encode.
    static let mostPixels = 24_000_000

    private static func damaged() -> TurnRefusal { TurnRefusal(Words("its WebP chunks are damaged")) }

    /// A chunk of a RIFF WebP: its type and where its payload lies in the file.
    struct Chunk {
        let type: String
        let payload: Range<Int>
    }

    /// The chunks of a RIFF WebP file, every size checked against the file.
    static func chunks(_ file: [UInt8]) throws(TurnRefusal) -> [Chunk] {
        guard file.count >= 20, file[0..<4].elementsEqual(Array("RIFF".utf8)), file[8..<12].elementsEqual(Array("WEBP".utf8)) else { throw damaged() }
        let riffEnd = 8 + Int(le32(file, 4))
        guard riffEnd <= file.count, riffEnd >= 20 else { throw damaged() }
        var chunks: [Chunk] = []
        var at = 12
        while at < riffEnd {
            guard riffEnd - at >= 8 else { throw damaged() }
            let size = Int(le32(file, at + 4))
            guard size <= riffEnd - at - 8 else { throw damaged() }
            chunks.append(Chunk(type: String(decoding: file[at..<at + 4], as: UTF8.self), payload: at + 8..<at + 8 + size))
            at += 8 + size + (size & 1)
        }
        return chunks
    }

    /// The file turned: asked of a helper in the app's helpers (libwebp never reads a photo
    /// in the app), else here.
    static func turned(_ file: [UInt8], _ turn: QuarterTurn, by decoders: Decoders) throws(TurnRefusal) -> [UInt8] {
        // What can be refused from the chunks alone is, without waking a helper.
        _ = try losslessImage(in: file, chunks(file))
        guard let pool = decoders.pool else { return try turnedHere(file, turn, parsers: decoders.parsers) }
        let result = try TurnInHelper.asked(file, turn, in: pool, most: file.count * 4 + 65_536)
        try checkChunks(of: result, against: file)
        try checkPixels(of: result, against: file, turn, in: pool)
        return result
    }

    /// Why a turn's result is refused when a check finds it is not what was asked.
    static let notTheTurn = Words("the helper that turned it answered with another picture")

    /// The result's chunks, read by the app's own reader, are the original's in the same order,
    /// byte for byte, but for the lossless image and the extended header's canvas, turned.
    static func checkChunks(of result: [UInt8], against file: [UInt8]) throws(TurnRefusal) {
        guard let mine = try? chunks(file), let theirs = try? chunks(result), mine.count == theirs.count else { throw TurnRefusal(notTheTurn) }
        for (original, turned) in zip(mine, theirs) {
            guard original.type == turned.type else { throw TurnRefusal(notTheTurn) }
            switch original.type {
            case "VP8L": continue
            case "VP8X":
                var expected = Array(file[original.payload])
                guard expected.count >= 10 else { throw TurnRefusal(notTheTurn) }
                let width = Array(expected[4..<7])
                expected.replaceSubrange(4..<7, with: expected[7..<10])
                expected.replaceSubrange(7..<10, with: width)
                guard expected.elementsEqual(result[turned.payload]) else { throw TurnRefusal(notTheTurn) }
            default:
                guard file[original.payload].elementsEqual(result[turned.payload]) else { throw TurnRefusal(notTheTurn) }
            }
        }
    }

    /// A helper started for this alone decodes the original and the result; the result must be
    /// the original's pixels turned, every value. Two helpers would have to collude to pass
    /// another picture.
    static func checkPixels(of result: [UInt8], against file: [UInt8], _ turn: QuarterTurn, in pool: HelperPool) throws(TurnRefusal) {
        let fits = { (shape: PixelShape) in shape.width * shape.height <= mostPixels }
        let read = pool.withFreshHelper { helper in
            (pool.pixels(from: helper, bytes: Data(file), fits: fits) { .losslessPixels(id: $0) },
             pool.pixels(from: helper, bytes: Data(result), fits: fits) { .losslessPixels(id: $0) })
        }
        guard case .success(let (before, after)) = read, case .success(let original) = before, case .success(let turned) = after else {
            throw TurnRefusal(Words("its turned pixels could not be checked"))
        }
        guard original.width == turned.height, original.height == turned.width, original.hasAlpha, turned.hasAlpha else { throw TurnRefusal(notTheTurn) }
        let count = original.width * original.height * 4
        let expected = turnedPixels(Array(UnsafeBufferPointer(start: original.pixels, count: count)), width: original.width, height: original.height, turn)
        guard expected.elementsEqual(UnsafeBufferPointer(start: turned.pixels, count: count)) else { throw TurnRefusal(notTheTurn) }
    }

    /// A lossless WebP's own VP8L pixels (the helper's side of `checkPixels`).
    static func losslessPixelsHere(_ file: [UInt8], parsers: ParserLibraries?) throws(TurnRefusal) -> (width: Int, height: Int, rgba: [UInt8]) {
        let libwebp = try libraries(parsers)
        let image = try losslessImage(in: file, chunks(file))
        guard let read = libwebp.losslessDecode(riff([chunk("VP8L", file[image.payload])]), mostPixels) else {
            throw TurnRefusal(Words("its pixels could not be read"))
        }
        return read
    }

    /// libwebp's codec: linked only into the helper's program, which hands it over (ParserLibraries).
    private static func libraries(_ parsers: ParserLibraries?) throws(TurnRefusal) -> ParserLibraries {
        guard let libraries = parsers else { throw TurnRefusal(Words("its pixels could not be turned")) }
        return libraries
    }

    /// The lossless image chunk (VP8L), or why there is none to turn.
    private static func losslessImage(in file: [UInt8], _ chunks: [Chunk]) throws(TurnRefusal) -> Chunk {
        if let header = chunks.first(where: { $0.type == "VP8X" }) {
            guard header.payload.count >= 10 else { throw damaged() }
            if file[header.payload.lowerBound] & 0x02 != 0 || chunks.contains(where: { $0.type == "ANIM" || $0.type == "ANMF" }) {
                throw TurnRefusal(Words("an animated WebP cannot be turned without re-encoding it"))
            }
        }
        if chunks.contains(where: { $0.type == "VP8 " }) { throw TurnRefusal(Words("a lossy WebP cannot be turned without re-encoding it")) }
        guard let image = chunks.first(where: { $0.type == "VP8L" }) else { throw damaged() }
        return image
    }

    /// `turned` in this process (the helper's side), with its libwebp.
    static func turnedHere(_ file: [UInt8], _ turn: QuarterTurn, parsers: ParserLibraries?) throws(TurnRefusal) -> [UInt8] {
        let libwebp = try libraries(parsers)
        let chunks = try chunks(file)
        let image = try losslessImage(in: file, chunks)
        let alone = riff([chunk("VP8L", file[image.payload])])
        guard let size = libwebp.losslessSize(alone) else { throw damaged() }
        guard size.width * size.height <= mostPixels else {
            throw TurnRefusal(Words("a WebP of more than %s megapixels is not turned", String(mostPixels / 1_000_000)))
        }
        guard let read = libwebp.losslessDecode(alone, mostPixels) else { throw TurnRefusal(Words("its pixels could not be read")) }
        let pixels = turnedPixels(read.rgba, width: read.width, height: read.height, turn)
        guard let encoded = libwebp.losslessEncode(pixels, read.height, read.width),
              let payload = try? self.chunks(encoded).first(where: { $0.type == "VP8L" }).map({ Array(encoded[$0.payload]) }) else {
            throw TurnRefusal(Words("its pixels could not be written"))
        }
        // Lossless means every value comes back: checked, not assumed.
        guard let check = libwebp.losslessDecode(riff([chunk("VP8L", payload)]), mostPixels),
              check.width == read.height, check.height == read.width, Self.sameBytes(check.rgba, pixels) else {
            throw TurnRefusal(Words("its pixels would not come back the same"))
        }
        var parts: [[UInt8]] = []
        for part in chunks {
            switch part.type {
            case "VP8L": parts.append(chunk("VP8L", payload))
            case "VP8X":
                // The canvas's width and height (each less one, 24 bits) swap.
                var header = Array(file[part.payload])
                let width = Array(header[4..<7]), height = Array(header[7..<10])
                header.replaceSubrange(4..<7, with: height)
                header.replaceSubrange(7..<10, with: width)
                parts.append(chunk("VP8X", header))
            default: parts.append(chunk(part.type, file[part.payload]))
            }
        }
        return riff(parts)
    }

    /// RGBA rows turned a quarter.
    static func turnedPixels(_ rgba: [UInt8], width: Int, height: Int, _ turn: QuarterTurn) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rgba.count)
        rgba.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                // The turned image is `height` wide: pixel (x, y) goes to (height-1-y, x)
                // clockwise, to (y, width-1-x) anticlockwise.
                for y in 0..<height {
                    for x in 0..<width {
                        let index = turn == .clockwise ? x * height + (height - 1 - y) : (width - 1 - x) * height + y
                        to[index] = from[y * width + x]
                    }
                }
            }
        }
        return out
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    private static func le32Bytes(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)] }

    private static func chunk<Payload: Collection<UInt8>>(_ type: String, _ payload: Payload) -> [UInt8] {
        Array(type.utf8) + le32Bytes(payload.count) + payload + (payload.count & 1 == 1 ? [0] : [])
    }

    private static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = chunks.joined()
        return Array("RIFF".utf8) + le32Bytes(4 + body.count) + Array("WEBP".utf8) + body
    }

    /// Whether two pixel buffers hold the same bytes: compared as memory, at once (an element-by-
    /// element `==` on a big picture's pixels took over 10 s in the fuzzer's unoptimised ASan build).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
