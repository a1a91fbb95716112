// Why this exists: a PNG turned without losing anything: its image data is expanded (zlib), unfiltered, its pixels turned a quarter, and compressed again, at its own bit depth and colour type (16-bit stays 16-bit, a palette stays a palette), with every other chunk kept as it was (text, EXIF, colour profile) and the pixel density's axes swapped. Read here, not in a decoder: no decoder is trusted with it, and each size is checked against the header before any is used.
import Foundation
import GLibIO
import GLibRuntime

enum PNGRotationEdit {
    /// The most pixels a PNG turned here may have (the decoders' limit).
    static let maxPixels = 100_000_000
    /// The most bytes its pixels may expand to: a turn holds them three times over (expanded,
    /// unfiltered, turned), and a small file can declare gigabytes (a 498 KB PNG expands to
    /// 512 MB). A 12-megapixel photo's 8-bit RGBA is 48 MB.
    static let mostExpandedBytes = 64 << 20
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func damaged() -> TurnRefusal { TurnRefusal(Words("its PNG chunks are damaged")) }

    static func turned(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
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
        guard let header = chunks.first, header.type == "IHDR", header.body.count == 13 else { throw damaged() }
        let h = Array(header.body)
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
        let pixel = channels * depth / 8, stride = width * pixel
        let compressed = Data(chunks.filter { $0.type == "IDAT" }.flatMap(\.body))
        let expected = height * (stride + 1)
        // Refused from its header alone, before anything is expanded.
        guard expected <= mostExpandedBytes else {
            throw TurnRefusal(Words("its pixels would take more than %s MB to turn", String(mostExpandedBytes >> 20)))
        }
        let expanded: [UInt8]
        do throws(Gunzip.Failure) {
            expanded = [UInt8](try Gunzip.expand(compressed, limit: expected, zlib: true))
        } catch {
            throw damaged()
        }
        guard expanded.count == expected else { throw damaged() }
        let pixels = try unfiltered(expanded, rows: height, stride: stride, pixel: pixel)

        // Turned: the new image is `height` wide and `width` high; each new row gets a 0 filter byte.
        let newStride = height * pixel
        var raw = [UInt8](repeating: 0, count: width * (newStride + 1))
        for newY in 0..<width {
            let rowStart = newY * (newStride + 1) + 1
            for newX in 0..<height {
                let (x, y) = turn == .clockwise ? (newY, height - 1 - newX) : (width - 1 - newY, newX)
                let from = y * stride + x * pixel, to = rowStart + newX * pixel
                for byte in 0..<pixel { raw[to + byte] = pixels[from + byte] }
            }
        }
        let data: Data
        do throws(GLibError) { data = try Deflate.zlib(Data(raw)) } catch { throw TurnRefusal(Words(verbatim: error.message)) }

        var newHeader = h
        newHeader.replaceSubrange(0..<8, with: be32(height) + be32(width))
        var out = signature + chunk("IHDR", newHeader)
        var wroteData = false
        for (type, body) in chunks.dropFirst() {
            switch type {
            case "IDAT":
                if !wroteData { out += chunk("IDAT", [UInt8](data)); wroteData = true }
            case "pHYs" where body.count == 9:
                let b = Array(body)
                out += chunk("pHYs", Array(b[4..<8]) + Array(b[0..<4]) + [b[8]])
            default:
                out += chunk(type, Array(body))
            }
        }
        guard wroteData, chunks.last?.type == "IEND" else { throw damaged() }
        return out
    }

    /// The scanlines with PNG's filters undone (none, sub, up, average, Paeth), without their filter bytes.
    private static func unfiltered(_ data: [UInt8], rows: Int, stride: Int, pixel: Int) throws(TurnRefusal) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rows * stride)
        for y in 0..<rows {
            let filter = data[y * (stride + 1)], source = y * (stride + 1) + 1, row = y * stride
            for i in 0..<stride {
                let a = i >= pixel ? Int(out[row + i - pixel]) : 0
                let b = y > 0 ? Int(out[row - stride + i]) : 0
                let c = i >= pixel && y > 0 ? Int(out[row - stride + i - pixel]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw damaged()
                }
                out[row + i] = UInt8(truncatingIfNeeded: Int(data[source + i]) + predicted)
            }
        }
        return out
    }

    private static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { [UInt8](PNGChunks.chunk(type, Data(body))) }
}
