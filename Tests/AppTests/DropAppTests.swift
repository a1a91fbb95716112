// Why this exists: a manifest file, a folder and a photo dragged from another app with the mouse and dropped on the window open (real XDND between two X clients).
import Foundation
import TestAndBenchSupport
import XCTest

final class DropAppTests: XCTestCase {
    func testDroppedManifestOpens() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())

        // A two-photo manifest of the sample photos, in a file of its own.
        let photos = SamplePhotos.repositoryRoot.appendingPathComponent("data/sample-gallery/photos")
        let manifest = app.directory.appendingPathComponent("dropped-gallery.json")
        let rows = ["coffee.png", "rocket.jpg"].map { "{\"name\": \"Dropped \($0)\", \"url\": \"\(photos.appendingPathComponent($0).absoluteString)\"}" }
        try Data(("[" + rows.joined(separator: ", ") + "]").utf8).write(to: manifest)

        let source = try drag(manifest, onto: xvfb)
        defer { source.stop() }

        XCTAssertTrue(app.trace.wait(timeout: 15) { events in
            events.contains { $0.name == .manifest && ($0.manifestSource)?.hasSuffix("dropped-gallery.json") == true }
        }, "the dropped manifest opened; trace: \(app.trace.events.filter { $0.name == .manifest || $0.name == .manifestFailed }.map(\.event))")
        let opened = app.trace.events.last { $0.name == .manifest }
        XCTAssertEqual(opened?.manifestRows, 2)
        XCTAssertEqual(app.criticals, [])
    }

    /// Drag `file` from another app with the mouse and drop it on the gallery window. The
    /// source app is returned: it must live until the drop has read the file's name.
    func drag(_ file: URL, onto xvfb: Xvfb) throws -> ChildProcess {
        // The drag source: another GTK app offering the file, placed beside the gallery window.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        let source = try ChildProcess("/usr/bin/python3", [SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/drag-source.py").path, file.path],
                                      environment: environment)
        let window = try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "drag-source"])
            .split(separator: "\n").first.map(String.init) ?? ""
        // --sync waits until the X server has moved it.
        try xvfb.run("xdotool", ["windowmove", "--sync", window, "900", "100"])

        // Press on the source, move across in steps (past GTK's drag threshold), release on the list.
        try xvfb.run("xdotool", ["mousemove", "--sync", "980", "160", "mousedown", "1"])
        for step in 1...12 {
            usleep(50_000) // input pacing, not a wait: a hand moves over 0.6 s
            try xvfb.run("xdotool", ["mousemove", "--sync", String(980 - step * 52), String(160 + step * 20)])
        }
        usleep(300_000) // input pacing: the pointer rests on the target before the release, as a hand's does
        try xvfb.run("xdotool", ["mouseup", "1"])
        return source

    }

    func testDroppedFolderOpensAsAGalleryAndADroppedPhotoInTheViewer() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        let folder = app.directory.appendingPathComponent("Dropped Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["coffee.png", "rocket.jpg", "horse.png"] {
            try SamplePhotos.data(name).write(to: folder.appendingPathComponent(name))
        }
        let folderSource = try drag(folder, onto: xvfb)
        defer { folderSource.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 15) { events in
            events.contains { $0.name == .manifest && $0.manifestSource == folder.absoluteString && $0.manifestRows == 3 }
        }, "the dropped folder opened: \(app.trace.events.filter { $0.name == .manifest || $0.name == .manifestFailed }.map(\.event))")

        // A photo dropped: its folder, with the viewer on it (coffee, horse, rocket: row 2).
        folderSource.stop()
        let photoSource = try drag(folder.appendingPathComponent("rocket.jpg"), onto: xvfb)
        defer { photoSource.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: 2, action: .opened) } },
                      "the dropped photo shows in the viewer: \(app.trace.events.filter { $0.name == .viewer || $0.name == .manifest }.map(\.event))")
        XCTAssertEqual(app.criticals, [])
    }
}
