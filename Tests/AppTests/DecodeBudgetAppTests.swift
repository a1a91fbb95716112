// Why this exists: six 100-megapixel PNGs of 300 KB each, downloaded at once, each decoded at full size by GdkPixbuf (its PNG loader does not downscale): with every decode sharing one budget the app stays under 800 MB (without it, about 2 GB).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class DecodeBudgetAppTests: XCTestCase {
    func testSixHundredMegapixelPNGsAtOnceStayUnder800MB() throws {
        let png = try TestImages.solidPNG(width: 10_000, height: 10_000)
        XCTAssertLessThan(png.count, 400_000, "a small file: \(png.count) bytes")
        let server = try TestServer(route: { path, _ in
            var plan = ServerPlan()
            plan.body = png
            plan.contentType = "image/png"
            if !path.hasPrefix("/huge") { plan.status = 404 }
            return plan
        })
        let table = RowTable((0..<6).map { ("Huge \($0)", server.baseURL.absoluteString + "/huge\($0).png", "filtered") })
        let manifest = TemporaryFiles.url("huge-\(UUID().uuidString).json")
        try Data(table.json.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 300)
        table.assertEnded(app)
        let peak = ProcReaders.peakRSS(pid: app.process.processIdentifier)
        print("peak RSS with six 100-megapixel PNGs: \(Int(peak)) MB")
        XCTAssertLessThan(peak, 800, "the app's peak memory")
        XCTAssertEqual(app.criticals, [])
    }
}
