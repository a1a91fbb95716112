// Why this exists: a camera's RAW file made at test time without a camera: a DNG (a TIFF with DNG's tags) holding an RGGB Bayer mosaic of a sample photo, 16 bits linear (uncompressed, or lossless JPEG as cameras write it), with its full-size JPEG preview in a sub-IFD or none, and a small JPEG thumbnail in another as cameras keep one, turned or not, for the RAW tests and the benchmark.
import Foundation
import GdkPixbuf

public enum TestDNG {
    /// A DNG of `photo` (any image GdkPixbuf reads) at `width` × `height`, its EXIF `orientation`,
    /// with a JPEG preview of the same size (made by ImageMagick) unless `preview` is false, and a
    /// JPEG thumbnail of `thumbnail` (a photo's path) `thumbnailSide` pixels on its longest side if given;
    /// its mosaic `compressed` losslessly (lossless JPEG, as cameras and Adobe's converter write it) or not.
    public static func make(from photo: String, width: Int, height: Int, orientation: Int = 1, preview: Bool = true,
                            thumbnail: String? = nil, thumbnailSide: Int = 256, compressed: Bool = false) throws -> Data {
        guard let source = Pixbuf(file: photo, fittingWidth: width, height: height)?.scaled(width: width, height: height) else {
            throw NSError(domain: "TestDNG", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot read \(photo)"])
        }
        let mosaic = bayer(source)
        var previews: [Preview] = preview ? [Preview(jpeg: try self.jpeg(of: source), width: width, height: height)] : []
        if let thumbnail {
            let (small, smallHeight) = (thumbnailSide, max(1, height * thumbnailSide / width))
            guard let picture = Pixbuf(file: thumbnail, fittingWidth: width, height: height)?.scaled(width: small, height: smallHeight) else {
                throw NSError(domain: "TestDNG", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot read \(thumbnail)"])
            }
            previews.append(Preview(jpeg: try jpeg(of: picture), width: small, height: smallHeight))
        }
        let sensor = compressed ? LosslessJPEG.encode(mosaic, width: width, height: height) : mosaic.flatMap(le)
        return tiff(width: width, height: height, orientation: orientation, sensor: sensor, compression: compressed ? 7 : 1, previews: previews)
    }

    /// A JPEG preview in a sub-IFD, and its size.
    struct Preview { let jpeg: Data, width: Int, height: Int }

    /// The JPEG the DNG made from the same arguments carries as its preview.
    public static func previewJPEG(from photo: String, width: Int, height: Int) throws -> Data {
        guard let source = Pixbuf(file: photo, fittingWidth: width, height: height)?.scaled(width: width, height: height) else {
            throw NSError(domain: "TestDNG", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot read \(photo)"])
        }
        return try jpeg(of: source)
    }

    /// `pixbuf` as ImageMagick writes it at quality 92.
    static func jpeg(of pixbuf: Pixbuf) throws -> Data {
        let png = TemporaryFiles.url("dng-preview-\(UUID().uuidString).png"), jpg = png.deletingPathExtension().appendingPathExtension("jpg")
        defer { try? FileManager.default.removeItem(at: png); try? FileManager.default.removeItem(at: jpg) }
        try pixbuf.encoded(as: "png").write(to: png)
        _ = try Tool.run("/usr/bin/convert", [png.path, "-quality", "92", jpg.path], timeout: 120)
        return try Data(contentsOf: jpg)
    }

    /// The sRGB pixels made linear and sampled through an RGGB filter, 16 bits each.
    static func bayer(_ pixbuf: Pixbuf) -> [UInt16] {
        let width = pixbuf.width, height = pixbuf.height, channels = pixbuf.channels, stride = pixbuf.rowStride
        let linear: [UInt16] = (0..<256).map { value in
            let v = Double(value) / 255
            let l = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            return UInt16((l * 60_000).rounded())
        }
        var out = [UInt16](repeating: 0, count: width * height)
        let pixels = pixbuf.pixels
        for y in 0..<height {
            for x in 0..<width {
                let channel = y % 2 == 0 ? (x % 2 == 0 ? 0 : 1) : (x % 2 == 0 ? 1 : 2)
                out[y * width + x] = linear[Int(pixels[y * stride + x * channels + channel])]
            }
        }
        return out
    }

    /// One IFD entry: tag, type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 10 SRATIONAL), its values' bytes.
    private struct Entry {
        let tag: UInt16, type: UInt16, count: UInt32, bytes: [UInt8]
        static func short(_ tag: UInt16, _ values: [UInt16]) -> Entry { Entry(tag: tag, type: 3, count: UInt32(values.count), bytes: values.flatMap(le)) }
        static func long(_ tag: UInt16, _ values: [UInt32]) -> Entry { Entry(tag: tag, type: 4, count: UInt32(values.count), bytes: values.flatMap(le)) }
        static func byte(_ tag: UInt16, _ values: [UInt8]) -> Entry { Entry(tag: tag, type: 1, count: UInt32(values.count), bytes: values) }
        static func ascii(_ tag: UInt16, _ text: String) -> Entry { let b = Array(text.utf8) + [0]; return Entry(tag: tag, type: 2, count: UInt32(b.count), bytes: b) }
        static func rational(_ tag: UInt16, _ values: [(Int32, Int32)], signed: Bool) -> Entry {
            Entry(tag: tag, type: signed ? 10 : 5, count: UInt32(values.count), bytes: values.flatMap { le(UInt32(bitPattern: $0.0)) + le(UInt32(bitPattern: $0.1)) })
        }
    }

    private static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// The file: header, the raw IFD (and a sub-IFD for each preview), then the values that do not
    /// fit in an entry, then the previews' bytes, then the mosaic's (`sensor`, as `compression` says).
    static func tiff(width: Int, height: Int, orientation: Int, sensor: [UInt8], compression: UInt16, previews: [Preview]) -> Data {
        // XYZ (D65) to linear sRGB, which is what the mosaic's "camera" sees, ×10,000.
        let matrix: [Int32] = [32406, -15372, -4986, -9689, 18758, 415, 557, -2040, 10570]
        func rawEntries(strip: UInt32, subIFDs: [UInt32]) -> [Entry] {
            var entries: [Entry] = [
                .long(254, [0]), .long(256, [UInt32(width)]), .long(257, [UInt32(height)]), .short(258, [16]), .short(259, [compression]),
                .short(262, [32803]), .ascii(271, "Classic"), .ascii(272, "Test Camera"), .long(273, [strip]),
                .short(274, [UInt16(orientation)]), .short(277, [1]), .long(278, [UInt32(height)]),
                .long(279, [UInt32(sensor.count)]), .short(284, [1]),
            ]
            if !subIFDs.isEmpty { entries.append(.long(330, subIFDs)) }
            entries += [
                .short(33421, [2, 2]), .byte(33422, [0, 1, 1, 2]), .byte(50706, [1, 4, 0, 0]),
                .ascii(50708, "Classic Test Camera"), .long(50717, [60_000]),
                .rational(50721, matrix.map { ($0, 10_000) }, signed: true), .rational(50728, [(1, 1), (1, 1), (1, 1)], signed: false),
                .short(50778, [21]),
            ]
            return entries
        }
        func previewEntries(_ preview: Preview, strip: UInt32) -> [Entry] {
            [.long(254, [1]), .long(256, [UInt32(preview.width)]), .long(257, [UInt32(preview.height)]), .short(258, [8, 8, 8]), .short(259, [7]),
             .short(262, [6]), .long(273, [strip]), .short(277, [3]), .long(278, [UInt32(preview.height)]), .long(279, [UInt32(preview.jpeg.count)])]
        }
        func ifdSize(_ entries: [Entry]) -> Int { 2 + entries.count * 12 + 4 + entries.reduce(0) { $0 + ($1.bytes.count > 4 ? ($1.bytes.count + 1) & ~1 : 0) } }
        // Sizes first (with placeholder offsets), then offsets.
        let rawIFD = 8
        let rawSize = ifdSize(rawEntries(strip: 0, subIFDs: previews.map { _ in 0 }))
        var subOffsets: [Int] = [], at = rawIFD + rawSize
        for preview in previews {
            subOffsets.append(at)
            at += ifdSize(previewEntries(preview, strip: 0))
        }
        var previewOffsets: [Int] = []
        for preview in previews {
            previewOffsets.append(at)
            at = (at + preview.jpeg.count + 1) & ~1
        }
        let mosaicOffset = at
        var file: [UInt8] = [0x49, 0x49, 42, 0] + le(UInt32(rawIFD))
        func write(_ entries: [Entry], at offset: Int) {
            precondition(file.count == offset)
            var extra = offset + 2 + entries.count * 12 + 4
            var tail: [UInt8] = []
            file += le(UInt16(entries.count))
            for entry in entries {
                file += le(entry.tag) + le(entry.type) + le(entry.count)
                if entry.bytes.count <= 4 {
                    file += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
                } else {
                    file += le(UInt32(extra))
                    tail += entry.bytes
                    if entry.bytes.count % 2 == 1 { tail.append(0) }
                    extra += (entry.bytes.count + 1) & ~1
                }
            }
            file += le(UInt32(0)) + tail
        }
        write(rawEntries(strip: UInt32(mosaicOffset), subIFDs: subOffsets.map(UInt32.init)), at: rawIFD)
        for (index, preview) in previews.enumerated() { write(previewEntries(preview, strip: UInt32(previewOffsets[index])), at: subOffsets[index]) }
        for (index, preview) in previews.enumerated() {
            file += [UInt8](repeating: 0, count: previewOffsets[index] - file.count)
            file += preview.jpeg
        }
        file += [UInt8](repeating: 0, count: mosaicOffset - file.count)
        file += sensor
        return Data(file)
    }
}
