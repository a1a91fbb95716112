// Why this exists: on X11 the screen is drawn in the display's own colours where the desktop puts a profile on the root window (_ICC_PROFILE), followed live, while saved and exported photos stay sRGB: with colord's SwappedRedAndGreen as the display's profile, a red photo is drawn green, and red again once the property goes.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class DisplayProfileAppTests: XCTestCase {
    static let red: [UInt8] = [230, 40, 40], green: [UInt8] = [40, 230, 40]
    static let swapped = "/usr/share/color/icc/colord/SwappedRedAndGreen.icc"

    func rootProperty(_ xvfb: Xvfb, _ arguments: [String]) throws {
        let tool = URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("RootWindowProperty").path
        let done = try Tool.run(tool, arguments, environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(done.status, 0, done.output)
    }

    func displayProfiles(_ app: AppProcess) -> [String?] {
        app.trace.events.compactMap { if case .displayProfile(let name, _) = $0.event { return .some(name) } else { return nil } }
    }

    func centre(_ xvfb: Xvfb, _ app: AppProcess, _ name: String) throws -> [UInt8] {
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("\(name).png").path)
        let (r, g, b) = screen.rgb(x: 360, y: 340)
        return [UInt8(r), UInt8(g), UInt8(b)]
    }

    func testTheDisplaysProfileChangesWhatIsDrawnLiveAndNotWhatIsExported() throws {
        let folder = TemporaryFiles.url("display-\(UUID().uuidString)")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestImages.encoded(width: 1800, height: 1200) { _, _ in Self.red }.write(to: folder.appendingPathComponent("red.png"))
        let xvfb = try Xvfb()
        // The desktop announced the display's profile before the app started.
        try rootProperty(xvfb, ["set", "_ICC_PROFILE", Self.swapped])
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, "--export-original", folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(app.recentEvents())")
        XCTAssertEqual(displayProfiles(app).first, "Swapped Red and Green", "read at start")

        // The exported photo is sRGB: red.
        let written = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        let file = try XCTUnwrap(TestImages.decode(Data(contentsOf: out.appendingPathComponent(written))))
        let exported = Array(Thumbnail(file).pixel(x: 900, y: 600).prefix(3))
        XCTAssertTrue(ColourAppTests.near(exported, Self.red), "exported in sRGB: \(exported)")

        // The viewer's original is drawn in the display's colours: green.
        // (The export's banner sits above the rows.)
        try app.showOriginalInViewer(xvfb, y: 165)
        let drawn = try centre(xvfb, app, "with-profile")
        XCTAssertTrue(ColourAppTests.near(drawn, Self.green), "drawn for the display: \(drawn)")

        // The property removed: sRGB on screen again, without reopening anything.
        try rootProperty(xvfb, ["remove", "_ICC_PROFILE"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.displayProfiles(app).count >= 2 }, "the change was seen: \(displayProfiles(app))")
        XCTAssertEqual(displayProfiles(app).last, .some(nil))
        XCTAssertTrue(poll(timeout: 10) { ColourAppTests.near((try? self.centre(xvfb, app, "without")) ?? [], Self.red) }, "red again")

        // And set again: green again.
        try rootProperty(xvfb, ["set", "_ICC_PROFILE", Self.swapped])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.displayProfiles(app).count >= 3 }, "\(displayProfiles(app))")
        XCTAssertTrue(poll(timeout: 10) { ColourAppTests.near((try? self.centre(xvfb, app, "again")) ?? [], Self.green) }, "green again")
        XCTAssertEqual(app.criticals, [])
    }
}
