// Why this exists: a photo's colour profile applied everywhere, in the real app with its sandboxed helpers: red pixels tagged with colord's SwappedRedAndGreen.icc are green in the row's sepia (by its luminance), in the viewer's pixels on screen, and in an export of the original, in JPEG, PNG, TIFF, WebP, HEIC and AVIF.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ColourAppTests: XCTestCase {
    static let red: [UInt8] = [230, 40, 40], green: [UInt8] = [40, 230, 40]
    /// Every format whose profile the app reads.
    static let formats = ["jpg", "png", "tiff", "webp", "heic", "avif"]

    /// "swapped.<format>": 600 × 400 red pixels tagged with SwappedRedAndGreen.
    static func swappedFolder() throws -> URL {
        let folder = TemporaryFiles.url("colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plain = folder.appendingPathComponent(".red.png")
        try TestImages.encoded(width: 600, height: 400) { _, _ in red }.write(to: plain)
        for format in formats {
            try TestProfiles.tag(plain, profile: "/usr/share/color/icc/colord/SwappedRedAndGreen.icc", as: folder.appendingPathComponent("swapped.\(format)"))
        }
        return folder
    }

    static func near(_ pixel: [UInt8], _ colour: [UInt8], within tolerance: Int = 8) -> Bool {
        zip(pixel.prefix(3), colour).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    func testASwappedProfileMakesRedGreenInRowsViewerAndExport() throws {
        let folder = try Self.swappedFolder()
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, "--export-original", folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 90) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<Self.formats.count).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every row reached sepia: \(app.recentEvents())")

        // Each photo's profile was read in its helper and converted from.
        let colours = app.trace.events.compactMap { if case .colour(let url, let profile, let converted, _) = $0.event { return (url, profile, converted) } else { return nil } }
        for format in Self.formats {
            XCTAssertTrue(colours.contains { $0.0.hasSuffix("swapped.\(format)") && $0.1 == "Swapped Red and Green" && $0.2 },
                          "\(format): a colour event: \(colours)")
        }

        // The export of the originals: green files.
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted()
        XCTAssertEqual(written.count, Self.formats.count, "\(written)")
        for name in written {
            let file = try XCTUnwrap(TestImages.decode(Data(contentsOf: out.appendingPathComponent(name))), name)
            let pixel = Thumbnail(file).pixel(x: file.width / 2, y: file.height / 2)
            XCTAssertTrue(Self.near(pixel, Self.green), "\(name) is exported green: \(Array(pixel))")
        }

        // The rows' sepia is green's (brighter than red's): matched on screen, and red's is not.
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("rows.png").path)
        func sepia(of colour: [UInt8]) throws -> Screenshot.Template {
            try ExpectedThumbnails.sepia(data: TestImages.encoded(width: 600, height: 400) { _, _ in colour })
        }
        let asGreen = screen.bestMatch(try sepia(of: Self.green), xs: 18..<30, ys: 40..<600)
        XCTAssertLessThan(asGreen.difference, 4, "a row shows green's sepia: \(asGreen)")
        let asRed = screen.bestMatch(try sepia(of: Self.red), xs: 18..<30, ys: 40..<600)
        XCTAssertGreaterThan(asRed.difference, 15, "no row shows red's sepia: \(asRed)")

        // The viewer's original, on screen: green.
        // (The export's banner sits above the rows: the first row is 130 to 200 px down.)
        try app.showOriginalInViewer(xvfb, y: 165)
        let viewer = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("viewer.png").path)
        let (r, g, b) = viewer.rgb(x: 360, y: 340)
        XCTAssertTrue(Self.near([UInt8(r), UInt8(g), UInt8(b)], Self.green), "the viewer draws it green: \((r, g, b))")
        XCTAssertEqual(app.criticals, [])
    }

    /// Six patches (3 × 2) of colours that differ between Adobe RGB and sRGB.
    static let patches: [[UInt8]] = [[100, 200, 100], [60, 180, 160], [200, 100, 60], [90, 120, 200], [150, 200, 60], [180, 60, 160]]

    func testAnAdobeRGBPhotoIsShownAsLcms2ConvertsIt() throws {
        let folder = TemporaryFiles.url("adobe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1800 × 1200, fitted to the viewer at 720 × 480: patches 240 px wide, 240 high on screen.
        let plain = folder.appendingPathComponent(".plain.png"), photo = folder.appendingPathComponent("adobe.png")
        try TestImages.encoded(width: 1800, height: 1200) { x, y in Self.patches[(y / 600) * 3 + x / 600] }.write(to: plain)
        let tagged = try Tool.run("/usr/bin/convert", [plain.path, "-profile", "/usr/share/color/icc/colord/AdobeRGB1998.icc", photo.path])
        XCTAssertEqual(tagged.status, 0, tagged.output)
        // lcms2's own conversion, through ImageMagick, of the same patches.
        let expectedFile = folder.appendingPathComponent(".expected.png")
        let converted = try Tool.run("/usr/bin/convert", [photo.path, "-profile", "/usr/share/color/icc/colord/sRGB.icc", expectedFile.path])
        XCTAssertEqual(converted.status, 0, converted.output)
        let expected = Thumbnail(try XCTUnwrap(TestImages.decode(Data(contentsOf: expectedFile))))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try app.showOriginalInViewer(xvfb, y: 90)
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("adobe.png").path)
        var differing = 0
        for (index, patch) in Self.patches.enumerated() {
            let want = expected.pixel(x: (index % 3) * 600 + 300, y: (index / 3) * 600 + 300)
            // The patch's centre on screen: the photo spans the window's 720 px, centred at y 340.
            let (r, g, b) = screen.rgb(x: 120 + (index % 3) * 240, y: 220 + (index / 3) * 240)
            let shown = [r, g, b], wanted = want.prefix(3).map(Int.init)
            XCTAssertTrue(zip(shown, wanted).allSatisfy { abs($0 - $1) <= 3 }, "patch \(patch): shown \(shown), lcms2 \(wanted)")
            if zip(patch.map(Int.init), wanted).contains(where: { abs($0 - $1) > 10 }) { differing += 1 }
        }
        XCTAssertGreaterThanOrEqual(differing, 5, "control: the conversion changes most patches")
        // Details (F9) names the profile, and says it was converted from.
        try xvfb.run("xdotool", ["key", "F9"])
        XCTAssertTrue(poll(timeout: 10) {
            let texts = ((try? AccessibleNames.labelTexts(app)) ?? []).map(\.text)
            return texts.contains("Color Profile") && texts.contains("Compatible with Adobe RGB (1998), converted to sRGB")
        },
                      "Details: \(((try? AccessibleNames.labelTexts(app)) ?? []).map { "\($0.name)=\($0.text)" })")
        XCTAssertEqual(app.criticals, [])
    }

    /// Photos carrying hostile profiles, decoded by the app's sandboxed helpers: every row
    /// reaches sepia, the trace says why each profile was not applied, and the app stays up.
    func testHostileProfilesLeaveEveryRowShown() throws {
        let folder = TemporaryFiles.url("hostile-profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = TestImages.encoded(width: 200, height: 150, type: "jpeg") { _, _ in Self.red }
        let hostile = try TestProfiles.hostile()
        for (index, (_, profile)) in hostile.enumerated() {
            try TestProfiles.jpeg(plain, carrying: profile).write(to: folder.appendingPathComponent("hostile-\(index).jpg"))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<hostile.count).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every row reached sepia: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")
        let ignored = app.trace.events.compactMap { if case .colour(_, _, _, let ignored?) = $0.event { return ignored } else { return nil } }
        XCTAssertTrue(ignored.contains("lcms2 cannot read it"), "\(ignored)")
        XCTAssertTrue(ignored.contains("it is not an RGB profile"), "\(ignored)")
        XCTAssertTrue(ignored.contains { $0.hasPrefix("it is ") && $0.hasSuffix("a profile may have") }, "\(ignored)")
        XCTAssertTrue(app.process.isRunning, "the app is up")
        XCTAssertEqual(app.criticals, [])
    }
}
