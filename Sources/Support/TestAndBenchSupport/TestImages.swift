// Why this exists: hand-built images for decoding tests: a PNG that declares huge dimensions, a JPEG with an EXIF orientation, and encodings via GdkPixbuf.
import PhotoFormats
import Foundation
import GdkPixbuf
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline

public enum TestImages {
    /// A small, valid-looking PNG that declares `width × height` 8-bit gray pixels: a decompression bomb.
    public static func pngBomb(width: UInt32 = 30_000, height: UInt32 = 30_000) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data()
        ihdr.append(bigEndian: width)
        ihdr.append(bigEndian: height)
        ihdr.append(contentsOf: [8, 0, 0, 0, 0]) // bit depth 8, gray, deflate, no filter, no interlace
        png.append(chunk: "IHDR", ihdr)
        // A zlib stream of a few zero rows (stored block): more than enough to start decoding.
        let raw = Data(repeating: 0, count: 4096)
        var zlib = Data([0x78, 0x01, 0x00])
        // The stored block's length and its complement, little-endian (typed: 3.5 s of type-checking untyped).
        let length = UInt16(raw.count), complement = ~length
        zlib.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(complement & 0xFF), UInt8(complement >> 8)])
        zlib.append(raw)
        png.append(chunk: "IDAT", zlib)
        png.append(chunk: "IEND", Data())
        return png
    }

    /// Encode a pixbuf (`type` "png" or "jpeg") with GdkPixbuf itself.
    public static func encode(_ pixbuf: Pixbuf, type: String) -> Data {
        do { return try pixbuf.encoded(as: type) } catch { preconditionFailure("encoding failed: \(error)") }
    }

    /// Any image GdkPixbuf reads, decoded whole at its own size.
    public static func decode(_ data: Data) -> Pixbuf? {
        let loader = PixbufLoader()
        guard (try? loader.write(data)) != nil, (try? loader.close()) != nil else { return nil }
        return loader.pixbuf
    }

    /// A JPEG of noise (the same noise every time): it compresses badly, about 200 KB at
    /// 400 × 300, so a small disk fills after a few.
    public static func noiseJPEG(width: Int, height: Int) -> Data {
        var seed: UInt32 = 1
        return encoded(width: width, height: height, type: "jpeg") { _, _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return [UInt8(seed >> 24), UInt8((seed >> 16) & 255), UInt8((seed >> 8) & 255)]
        }
    }

    /// A `width × height` RGB image filled by `color(x, y)`, encoded (`type` "png" or "jpeg").
    public static func encoded(width: Int, height: Int, type: String = "png", color: (Int, Int) -> [UInt8]) -> Data {
        encode(pixbuf(width: width, height: height, color: color), type: type)
    }

    /// A `width × height` RGB(A) pixbuf filled by `color(x, y)`.
    public static func pixbuf(width: Int, height: Int, alpha: Bool = false,
                              color: (Int, Int) -> [UInt8]) -> Pixbuf {
        let pixbuf = Pixbuf(width: width, height: height, hasAlpha: alpha)!
        let stride = pixbuf.rowStride
        let channels = alpha ? 4 : 3
        let pixels = pixbuf.mutablePixels
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                for i in 0..<channels { pixels[y * stride + x * channels + i] = c[i] }
            }
        }
        return pixbuf
    }

    /// A real, valid `width` × `height` 8-bit RGB PNG of one grey, written by Python's zlib a row
    /// at a time: 100 megapixels in about 300 KB, without holding the pixels anywhere.
    public static func solidPNG(width: Int, height: Int) throws -> Data {
        let path = TemporaryFiles.url("solid-\(width)x\(height)-\(UUID().uuidString).png").path
        let script = """
        import struct, sys, zlib
        w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
        z = zlib.compressobj(9)
        row = b"\\x00" + b"\\x80" * (3 * w)
        idat = b"".join(z.compress(row) for _ in range(h)) + z.flush()
        with open(path, "wb") as f:
            f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
        """
        let made = try Tool.run("/usr/bin/python3", ["-c", script, String(width), String(height), path], timeout: 300)
        guard made.status == 0 else { throw NSError(domain: "TestImages", code: Int(made.status), userInfo: [NSLocalizedDescriptionKey: made.output]) }
        defer { unlink(path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Insert an EXIF APP1 segment with `orientation` (1–8) right after the JPEG's SOI marker.
    public static func withEXIFOrientation(_ jpeg: Data, orientation: UInt16) -> Data {
        var tiff = Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]) // big-endian TIFF header, IFD at 8
        tiff.append(bigEndian: UInt16(1))                 // one entry
        tiff.append(bigEndian: UInt16(0x0112))            // Orientation
        tiff.append(bigEndian: UInt16(3))                 // SHORT
        tiff.append(bigEndian: UInt32(1))                 // count
        tiff.append(bigEndian: orientation); tiff.append(bigEndian: UInt16(0))
        tiff.append(bigEndian: UInt32(0))                 // no next IFD
        return withEXIF(jpeg, tiff: tiff)
    }

    /// `jpeg` with an APP1 EXIF segment holding `tiff` right after its SOI marker.
    static func withEXIF(_ jpeg: Data, tiff: Data) -> Data {
        var payload = Data("Exif\0\0".utf8)
        payload.append(tiff)
        var segment = Data([0xFF, 0xE1])
        segment.append(bigEndian: UInt16(payload.count + 2))
        segment.append(payload)
        var out = jpeg.prefix(2)
        out.append(segment)
        out.append(jpeg.dropFirst(2))
        return out
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
    mutating func append(bigEndian value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
    mutating func append(chunk type: String, _ body: Data) { append(PNGChunks.chunk(type, body)) }
}
