// Why this exists: launched as users launch it (no GSK_RENDERER), under Xvfb, whose X server offers no direct rendering (GL could only be Mesa's llvmpipe), the app draws with cairo without loading GL, says why, and the window really has GTK's cairo renderer; a GSK_RENDERER the user set is never overridden. (The GL probe itself, where only a context can tell, is WaylandAppTests'.)
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class RendererChoiceAppTests: XCTestCase {
    func renderer(_ app: AppProcess) -> TraceEvent? {
        app.trace.events.first { $0.name == .renderer }?.event
    }

    func testTheDefaultLaunchDrawsWithCairoWhereTheXServerHasNoDirectRendering() throws {
        let xvfb = try Xvfb()
        // An empty GSK_RENDERER leaves it unset: what a launch from the desktop does.
        let app = try AppProcess(display: xvfb.display, arguments: [], environment: ["GSK_RENDERER": ""])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.name == .renderer } }, "the choice is traced")
        guard case .renderer(let name, let reason, let gl)? = renderer(app) else { return XCTFail("no renderer event") }
        XCTAssertEqual(name, "cairo", "the window's renderer")
        XCTAssertEqual(reason, .noDirectRendering)
        XCTAssertTrue(gl.contains("DRI3"), "what the X server lacks: \(gl)")
        // Asking costs no GL: Mesa's driver and LLVM (40 ms before the first frame) stay unloaded.
        XCTAssertEqual(app.mapped(["libLLVM", "swrast_dri", "libGLX_mesa", "libEGL_mesa"]), [])
        XCTAssertEqual(app.criticals, [])
    }

    func testAGSKRendererTheUserSetIsKept() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [], environment: ["GSK_RENDERER": "gl"])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.name == .renderer } }, "the choice is traced")
        XCTAssertEqual(renderer(app), .renderer(name: "gl", reason: .userSet, gl: ""))
        XCTAssertEqual(app.criticals, [])
    }
}
