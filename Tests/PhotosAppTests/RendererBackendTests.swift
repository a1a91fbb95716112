// Why this exists: the renderer is chosen before GTK starts only where GDK will open X11; a Wayland display GDK would try first (named, or libwayland's default wayland-0) leaves the choice to a GL context.
import Foundation
@testable import PhotosApp
import TestAndBenchSupport
import XCTest

final class RendererBackendTests: XCTestCase {
    func testGDKBackendDecidesWhenSet() {
        XCTAssertTrue(RendererChoice.opensX11(["GDK_BACKEND": "x11", "WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertTrue(RendererChoice.opensX11(["GDK_BACKEND": "x11,wayland"]))
        XCTAssertFalse(RendererChoice.opensX11(["GDK_BACKEND": "wayland", "DISPLAY": ":0"]))
        XCTAssertFalse(RendererChoice.opensX11(["GDK_BACKEND": "*", "DISPLAY": ":0"]))
        XCTAssertFalse(RendererChoice.opensX11(["GDK_BACKEND": "wayland,x11", "DISPLAY": ":0"]))
    }

    func testWithoutGDKBackendAWaylandDisplayComesFirst() throws {
        XCTAssertTrue(RendererChoice.opensX11(["DISPLAY": ":0"]))
        XCTAssertFalse(RendererChoice.opensX11(["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1"]))
        XCTAssertFalse(RendererChoice.opensX11([:]), "no display at all")
        // libwayland tries wayland-0 in the runtime folder when WAYLAND_DISPLAY is unset.
        let runtime = TemporaryFiles.url("renderer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        XCTAssertTrue(RendererChoice.opensX11(["DISPLAY": ":0", "XDG_RUNTIME_DIR": runtime.path]))
        FileManager.default.createFile(atPath: runtime.appendingPathComponent("wayland-0").path, contents: nil)
        XCTAssertFalse(RendererChoice.opensX11(["DISPLAY": ":0", "XDG_RUNTIME_DIR": runtime.path]))
    }
}
