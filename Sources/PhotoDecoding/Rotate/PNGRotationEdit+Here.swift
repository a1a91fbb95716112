// Why this exists: the helper's side of a PNG's turn: its image data expanded (zlib), unfiltered, its pixels turned a quarter, and compressed again at its own bit depth and colour type, every other chunk kept and the pixel density's axes swapped; and, for the app's check of such a turn, a PNG's samples as they are. zlib never reads a photo in the app.
import PhotoFormats
import Foundation
import GLibIO
import GLibRuntime

extension PNGRotationEdit {
    /// The file turned, in this process (a decoding helper's side of `turned`).
    static func turnedHere(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        let png = try parsed(file)
        let pixels = try samplesHere(file, png)
        // Turned: the new image is `height` wide and `width` high; each new row gets a 0 filter byte.
        let (width, height, pixel) = (png.width, png.height, png.pixel)
        let newStride = height * pixel
        var raw = [UInt8](repeating: 0, count: width * (newStride + 1))
        let turnedSamples = turnedSamples(pixels, png, turn)
        for row in 0..<width {
            let from = row * newStride, to = row * (newStride + 1) + 1
            raw.replaceSubrange(to..<to + newStride, with: turnedSamples[from..<from + newStride])
        }
        let data: Data
        do throws(GLibError) { data = try Deflate.zlib(Data(raw)) } catch { throw TurnRefusal(Words(verbatim: error.message)) }

        var out = signature + chunk("IHDR", png.turnedHeader)
        var wroteData = false
        for (type, body) in png.chunks.dropFirst() {
            switch type {
            case "IDAT":
                if !wroteData { out += chunk("IDAT", [UInt8](data)); wroteData = true }
            case "pHYs" where body.count == 9:
                out += chunk("pHYs", turnedDensity(Array(body)))
            default:
                out += chunk(type, Array(body))
            }
        }
        return out
    }

    /// A PNG's samples, row after row without filter bytes, as its image data holds them (the
    /// fresh helper's side of the app's check of a turn).
    static func samplesHere(_ file: [UInt8]) throws(TurnRefusal) -> [UInt8] {
        try samplesHere(file, try parsed(file))
    }

    private static func samplesHere(_ file: [UInt8], _ png: Parsed) throws(TurnRefusal) -> [UInt8] {
        let stride = png.width * png.pixel
        let compressed = Data(png.chunks.filter { $0.type == "IDAT" }.flatMap(\.body))
        let expected = png.height * (stride + 1)
        let expanded: [UInt8]
        do throws(Gunzip.Failure) {
            expanded = [UInt8](try Gunzip.expand(compressed, limit: expected, zlib: true))
        } catch {
            throw damaged()
        }
        guard expanded.count == expected else { throw damaged() }
        return try unfiltered(expanded, rows: png.height, stride: stride, pixel: png.pixel)
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
}
