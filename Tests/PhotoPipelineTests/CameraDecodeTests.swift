// Why this exists: a camera's formats decoded as the helper decodes them (libjxl and libraw through ParserLibraries): each picture checked against the reference decoders (djxl, dcraw_emu), a RAW's thumbnail from its preview and its turn from its own tags, and hostile sizes and cut files refused with their reason.
import DecodeHelper
import Foundation
import GdkPixbuf
@testable import PhotoDecoding
import PhotoFormats
import TestAndBenchSupport
import XCTest

final class CameraDecodeTests: XCTestCase {
    static let coffee = SamplePhotos.directory.appendingPathComponent("coffee.png").path
    static let chelsea = SamplePhotos.directory.appendingPathComponent("chelsea.png").path

    /// A temporary folder, removed after the test.
    func folder() throws -> URL {
        let folder = TemporaryFiles.url("camera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The mean difference per channel between two RGB(A) pixbufs of one size (255: nothing alike).
    static func difference(_ a: Pixbuf, _ b: Pixbuf) -> Double {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for c in 0..<3 {
                    total += abs(Int(a.pixels[y * a.rowStride + x * a.channels + c]) - Int(b.pixels[y * b.rowStride + x * b.channels + c]))
                }
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    func testJPEGXLDecodesAsDjxlDoes() throws {
        let folder = try folder()
        let png = folder.appendingPathComponent("coffee.png"), jxl = folder.appendingPathComponent("coffee.jxl")
        let reference = folder.appendingPathComponent("reference.png")
        // (Stripped of its gAMA and cHRM, the PNG is sRGB: a profile would be applied here, not by djxl.)
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [Self.coffee, "-resize", "240x180", "-strip", png.path]).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [png.path, jxl.path, "-d", "1"], timeout: 120).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/djxl", [jxl.path, reference.path], timeout: 120).status, 0)
        var decoder = ImageDecoder(maxDimension: 1000)
        decoder.fileName = "coffee.jxl"
        var report = ImageDecoder.Report()
        let decoded = try decoder.decode(try Data(contentsOf: jxl), report: &report)
        XCTAssertEqual(report.mimeType, "image/jxl")
        XCTAssertEqual([report.declaredWidth, report.declaredHeight], [240, 160])
        let expected = try Pixbuf(file: reference.path)
        XCTAssertLessThan(Self.difference(decoded.pixbuf, expected), 1.5, "the JPEG XL decodes as djxl decodes it")
        // Its thumbnail is the same picture, smaller.
        let thumbnail = try ImageDecoder(maxDimension: 60).decode(try Data(contentsOf: jxl))
        XCTAssertEqual(max(thumbnail.pixbuf.width, thumbnail.pixbuf.height), 60)
    }

    func testRawThumbnailComesFromItsPreview() throws {
        // The preview is another photo than the sensor's data: what shows tells which was read.
        let mosaic = try TestDNG.make(from: Self.coffee, width: 300, height: 200, preview: false)
        let withPreview = try TestDNG.make(from: Self.chelsea, width: 300, height: 200)
        let spliced = try Self.splice(preview: withPreview, into: mosaic)
        var decoder = ImageDecoder(maxDimension: 150)
        decoder.fileName = "photo.dng"
        var report = ImageDecoder.Report()
        let shown = try decoder.decode(spliced, report: &report)
        XCTAssertEqual(report.formatName, "RAW (DNG)")
        let chelsea = try XCTUnwrap(Pixbuf(file: Self.chelsea, fittingWidth: 300, height: 200)?.scaled(width: 150, height: 100))
        let coffee = try XCTUnwrap(Pixbuf(file: Self.coffee, fittingWidth: 300, height: 200)?.scaled(width: 150, height: 100))
        XCTAssertLessThan(Self.difference(shown.pixbuf, chelsea), 8, "the thumbnail is the preview's picture")
        XCTAssertGreaterThan(Self.difference(shown.pixbuf, coffee), 20, "not the sensor's")
        XCTAssertTrue(report.fromRawPreview)
        // The viewer's second picture: developed from the sensor's data, the preview there or not.
        decoder.developsRaw = true
        var developedReport = ImageDecoder.Report()
        let developed = try decoder.decode(spliced, report: &developedReport)
        XCTAssertLessThan(Self.difference(developed.pixbuf, coffee), 25, "developed: the sensor's picture")
        XCTAssertGreaterThan(Self.difference(developed.pixbuf, chelsea), 20, "not the preview's")
        XCTAssertFalse(developedReport.fromRawPreview)
    }

    /// A camera's small thumbnail beside its full-size preview: a row's thumbnail comes from the
    /// smallest that covers it (here another picture than the full-size one, so what shows tells
    /// which was read); a larger picture from the full-size one.
    func testARowsThumbnailComesFromTheSmallestPreviewThatCoversIt() throws {
        let dng = try TestDNG.make(from: Self.coffee, width: 600, height: 400, thumbnail: Self.chelsea, thumbnailSide: 256)
        XCTAssertEqual(Set(RawPreviews.jpegs(in: dng).map { [$0.width, $0.height] }), [[256, 170], [600, 400]], "both previews listed")
        func shown(_ side: Int) throws -> Pixbuf {
            var decoder = ImageDecoder(maxDimension: side)
            decoder.fileName = "photo.dng"
            return try decoder.decode(dng).pixbuf
        }
        func picture(_ file: String, _ width: Int, _ height: Int) throws -> Pixbuf {
            try XCTUnwrap(Pixbuf(file: file, fittingWidth: 600, height: 400)?.scaled(width: width, height: height))
        }
        let small = try shown(128)
        XCTAssertEqual([small.width, small.height], [128, 85])
        XCTAssertLessThan(Self.difference(small, try picture(Self.chelsea, 128, 85)), 8, "a row's thumbnail is the camera's small one")
        XCTAssertGreaterThan(Self.difference(small, try picture(Self.coffee, 128, 85)), 20, "not the full-size preview")
        let large = try shown(300)
        XCTAssertLessThan(Self.difference(large, try picture(Self.coffee, 300, 200)), 8, "past the small one's size, the full-size preview")
        XCTAssertEqual(RawPreviews.jpegs(in: dng.prefix(2000)).count, 0, "a preview past the bytes given is not listed")
    }

    /// `mosaic`'s DNG with `donor`'s preview: the donor's file with the mosaic's sensor data.
    static func splice(preview donor: Data, into mosaic: Data) throws -> Data {
        // Both end with their 300 × 200 × 2 bytes of mosaic; the donor's preview stays.
        let count = 300 * 200 * 2
        return donor.prefix(donor.count - count) + mosaic.suffix(count)
    }

    /// Uncompressed, and losslessly compressed as cameras write it (lossless JPEG): the same picture.
    func testRawWithoutPreviewDevelopsAsDcrawDoes() throws {
        let folder = try folder()
        var developed: [Pixbuf] = [], sizes: [Int] = []
        for compressed in [false, true] {
            let dng = folder.appendingPathComponent(compressed ? "lossless.dng" : "plain.dng")
            let bytes = try TestDNG.make(from: Self.coffee, width: 300, height: 200, preview: false, compressed: compressed)
            try bytes.write(to: dng)
            sizes.append(bytes.count)
            // dcraw_emu: half size (-h), the camera's white balance (-w), sRGB, 8 bits, as a PPM beside it.
            XCTAssertEqual(try Tool.run("/usr/bin/dcraw_emu", ["-h", "-w", dng.path], timeout: 120).status, 0)
            let reference = try Pixbuf(file: dng.path + ".ppm")
            var decoder = ImageDecoder(maxDimension: 150)
            decoder.fileName = dng.lastPathComponent
            let shown = try decoder.decode(try Data(contentsOf: dng))
            XCTAssertEqual([shown.pixbuf.width, shown.pixbuf.height], [150, 100])
            XCTAssertLessThan(Self.difference(shown.pixbuf, try XCTUnwrap(reference.scaled(width: 150, height: 100))), 3,
                              "developed as dcraw_emu develops it (compressed: \(compressed))")
            // And it is the photo: close to the source's own pixels.
            let source = try XCTUnwrap(Pixbuf(file: Self.coffee, fittingWidth: 300, height: 200)?.scaled(width: 150, height: 100))
            XCTAssertLessThan(Self.difference(shown.pixbuf, source), 25)
            developed.append(shown.pixbuf)
        }
        XCTAssertLessThan(sizes[1], sizes[0] * 85 / 100, "compressed (a mosaic of 8-bit samples made linear in 16 bits: large steps): \(sizes)")
        XCTAssertEqual(Self.difference(developed[0], developed[1]), 0, "losslessly")
    }

    func testRawIsTurnedAsItsTagsSay() throws {
        for (preview, label) in [(true, "from its preview"), (false, "developed")] {
            let dng = try TestDNG.make(from: Self.coffee, width: 300, height: 200, orientation: 6, preview: preview)
            var decoder = ImageDecoder(maxDimension: 150)
            decoder.fileName = "turned.dng"
            var report = ImageDecoder.Report()
            let shown = try decoder.decode(dng, report: &report)
            XCTAssertEqual([shown.pixbuf.width, shown.pixbuf.height], [100, 150], "turned a quarter, \(label)")
            XCTAssertEqual([report.declaredWidth, report.declaredHeight], [200, 300])
            let upright = try XCTUnwrap(Pixbuf(file: Self.coffee, fittingWidth: 300, height: 200)?.scaled(width: 150, height: 100)?.turned(clockwise: true))
            XCTAssertLessThan(Self.difference(shown.pixbuf, upright), 25, "turned clockwise, \(label)")
        }
    }

    func testHostileCameraFilesFailWithTheirReason() throws {
        let folder = try folder()
        let png = folder.appendingPathComponent("coffee.png"), jxl = folder.appendingPathComponent("coffee.jxl")
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [Self.coffee, "-resize", "240x180", png.path]).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [png.path, jxl.path, "-d", "1"], timeout: 120).status, 0)
        let jxlData = try Data(contentsOf: jxl)
        let dng = try TestDNG.make(from: Self.coffee, width: 300, height: 200, preview: false)
        func failure(_ data: Data, _ name: String, pixelLimit: Int = ImageDecoder.defaultPixelLimit) -> DecodeError? {
            var decoder = ImageDecoder(maxDimension: 150, pixelLimit: pixelLimit)
            decoder.fileName = name
            do { _ = try decoder.decode(data); return nil } catch { return error }
        }
        XCTAssertEqual(failure(jxlData, "a.jxl", pixelLimit: 10_000), .tooManyPixels(width: 240, height: 160, limit: 10_000))
        XCTAssertEqual(failure(dng, "a.dng", pixelLimit: 10_000), .tooManyPixels(width: 300, height: 200, limit: 10_000))
        XCTAssertEqual(failure(jxlData.prefix(jxlData.count / 2), "a.jxl"), .undecodable(Words("its %1$s data cannot be decoded", "JPEG XL")))
        XCTAssertNotNil(failure(dng.prefix(dng.count / 2), "a.dng"), "a RAW file cut short fails")
        XCTAssertNotNil(failure(dng.prefix(300), "a.dng"), "a RAW file cut within its tags fails")
        XCTAssertNotNil(failure(jxlData.prefix(5), "a.jxl"), "a JPEG XL cut within its header fails")
    }
}

extension CameraDecodeTests {
    /// Rotate refuses a JPEG XL, which libjxl cannot turn losslessly, and a RAW file's edit
    /// (a TIFF inside) asked of the bytes alone; both files stay byte for byte.
    func testRotateRefusesJPEGXLAndARawFilesBytes() throws {
        let folder = try folder()
        let jxl = folder.appendingPathComponent("photo.jxl")
        let png = folder.appendingPathComponent("source.png")
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [Self.coffee, "-resize", "64x64", png.path]).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [png.path, jxl.path], timeout: 120).status, 0)
        let before = try Data(contentsOf: jxl)
        XCTAssertThrowsError(try PhotoTurning.turn(jxl.path, .clockwise)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "a JPEG XL photo cannot be turned without re-encoding it")
        }
        XCTAssertEqual(try Data(contentsOf: jxl), before, "the JPEG XL is not written")
        let dng = [UInt8](try TestDNG.make(from: Self.coffee, width: 120, height: 80))
        XCTAssertThrowsError(try PhotoTurning.turned(dng, .clockwise, by: .here, name: "photo.dng")) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "a camera's RAW file (DNG) is never written")
        }
    }

    /// Rotate turns a RAW file in its sidecar (`tiff:Orientation`), starting from the file's own
    /// orientation, and never writes the file; its thumbnail, preview or developed, is shown so.
    func testARawFileTurnsInItsSidecar() throws {
        let folder = try folder()
        for (own, preview) in [(1, true), (6, false)] {
            let dng = folder.appendingPathComponent("photo-\(own).dng")
            try TestDNG.make(from: Self.coffee, width: 300, height: 200, orientation: own, preview: preview).write(to: dng)
            let bytes = try Data(contentsOf: dng)
            func shown() throws -> Pixbuf {
                var decoder = ImageDecoder(maxDimension: 150)
                decoder.decoding(dng, by: .here)
                return try decoder.decode(bytes).pixbuf
            }
            let upright = try shown()
            let turn = try XCTUnwrap(try PhotoTurning.turn(dng.path, .clockwise), "turned in its sidecar")
            XCTAssertEqual(turn, SidecarTurning.Turn(before: nil, after: QuarterTurn.clockwise.turning(orientation: own)), "from the file's own")
            XCTAssertEqual(try Data(contentsOf: dng), bytes, "the RAW file is not written")
            XCTAssertEqual(SidecarTurning.orientation(ofPhoto: dng.path, by: .here), turn.after)
            let sidecar = try String(contentsOfFile: dng.path + ".xmp", encoding: .utf8)
            XCTAssertTrue(sidecar.contains("tiff:Orientation=\"\(turn.after)\"") || sidecar.contains("<tiff:Orientation>\(turn.after)<"), sidecar)
            let turned = try shown()
            XCTAssertEqual([turned.width, turned.height], [upright.height, upright.width], "preview \(preview)")
            XCTAssertLessThan(Self.difference(turned, try XCTUnwrap(upright.turned(clockwise: true))), 1, "turned a quarter clockwise, preview \(preview)")
            // Twice more: from the sidecar's, not the file's; then back.
            XCTAssertEqual(try PhotoTurning.turn(dng.path, .clockwise)?.before, turn.after)
            try PhotoTurning.turn(dng.path, .anticlockwise)
            try PhotoTurning.turn(dng.path, .anticlockwise)
            XCTAssertEqual(SidecarTurning.orientation(ofPhoto: dng.path, by: .here), own)
            XCTAssertLessThan(Self.difference(try shown(), upright), 1, "turned back")
            XCTAssertEqual(try Data(contentsOf: dng), bytes)
        }
    }
}

extension CameraDecodeTests {
    /// A bare JPEG XL codestream that declares `width` × `height` and nothing else: its signature,
    /// then its SizeHeader (bits least significant first: not a multiple of 8, each side as
    /// 1 + a 30-bit number) and ImageMetadata's all_default bit.
    static func jxlHeader(width: Int, height: Int) -> Data {
        var bits: [Bool] = []
        func put(_ value: Int, _ count: Int) { for bit in 0..<count { bits.append(value >> bit & 1 == 1) } }
        put(0, 1)                      // div8: no
        put(3, 2); put(height - 1, 30) // ysize: selector 3, 1 + u(30)
        put(0, 3)                      // ratio: none, so xsize follows
        put(3, 2); put(width - 1, 30)  // xsize
        put(1, 1)                      // ImageMetadata: all_default
        var bytes: [UInt8] = [0xFF, 0x0A]
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for (index, bit) in bits[start..<min(start + 8, bits.count)].enumerated() where bit { byte |= 1 << index }
            bytes.append(byte)
        }
        return Data(bytes + [UInt8](repeating: 0, count: 64))
    }

    /// A JPEG XL that declares a billion pixels, and a DNG that declares as many, fail with the
    /// limit's reason from their headers, before anything is allocated (the test's own process
    /// would not hold 4 GB of pixels quietly).
    func testHugeDeclaredSizesAreRefusedFromTheHeader() throws {
        var decoder = ImageDecoder(maxDimension: 150)
        decoder.fileName = "huge.jxl"
        var report = ImageDecoder.Report()
        XCTAssertThrowsError(try decoder.decode(Self.jxlHeader(width: 40_000, height: 30_000), report: &report)) { error in
            XCTAssertEqual(error as? DecodeError, .tooManyPixels(width: 40_000, height: 30_000, limit: ImageDecoder.defaultPixelLimit))
        }
        XCTAssertFalse(report.allocated)
        // A DNG whose tags say 40,000 × 30,000 over 300 × 200 pixels of data.
        var dng = [UInt8](try TestDNG.make(from: Self.coffee, width: 300, height: 200, preview: false))
        // IFD0 starts at 8: its entries' ImageWidth (256) and ImageLength (257) values, LONG.
        let count = Int(dng[8]) | Int(dng[9]) << 8
        for index in 0..<count {
            let at = 10 + index * 12
            let tag = Int(dng[at]) | Int(dng[at + 1]) << 8
            let value: UInt32 = tag == 256 ? 40_000 : tag == 257 ? 30_000 : 0
            if value > 0 { for byte in 0..<4 { dng[at + 8 + byte] = UInt8(value >> (8 * UInt32(byte)) & 0xFF) } }
        }
        decoder.fileName = "huge.dng"
        report = ImageDecoder.Report()
        XCTAssertThrowsError(try decoder.decode(Data(dng), report: &report), "a DNG whose data is far short of its size fails")
        XCTAssertFalse(report.allocated)
    }
}

extension CameraDecodeTests {
    /// A DNG's head (`RawHead`) ends where its preview does, before the sensor's data, and its
    /// thumbnail from the head alone is the one from the whole file; a DNG without a preview, a
    /// TIFF cut within its IFDs and one that names data past its end have no head.
    func testARawsHeadHoldsItsPreviewAndNotItsSensorData() throws {
        let dng = try TestDNG.make(from: Self.coffee, width: 300, height: 200)
        let needed = try XCTUnwrap(RawHead.bytesNeeded(dng, fileSize: dng.count))
        XCTAssertLessThan(needed, dng.count - 300 * 200 * 2 + 2, "the head stops before the mosaic")
        var decoder = ImageDecoder(maxDimension: 150)
        decoder.fileName = "photo.dng"
        let fromHead = try decoder.decode(dng.prefix(needed)), whole = try decoder.decode(dng)
        XCTAssertEqual(Self.difference(fromHead.pixbuf, whole.pixbuf), 0, "the head's thumbnail is the whole file's")
        XCTAssertNil(RawHead.bytesNeeded(try TestDNG.make(from: Self.coffee, width: 300, height: 200, preview: false), fileSize: dng.count),
                     "no preview: no head")
        XCTAssertNil(RawHead.bytesNeeded(dng.prefix(40), fileSize: dng.count), "IFDs past the bytes read: no head")
        XCTAssertNil(RawHead.bytesNeeded(dng, fileSize: needed - 1), "a preview past the file's end: no head")
    }
}

