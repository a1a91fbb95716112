// Why this exists: the real app on a gallery of hostile images built at test time (an 8.5 KB HEIC grid that made libheif write out of bounds, 16k grids in HEIC and AVIF, a 140-byte 16k animated WebP, drawings that embed bombs, a GIF of 300,000 frames) with the grid planted at the good photo's shared-thumbnail path: every hostile row fails with its reason, the good photo shows in sepia, the app stays under 800 MB, and it opens the same gallery again at its next launch.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoFetching

final class HostileImagesAppTests: XCTestCase {
    func testHostileImagesFailTheirRowsAndTheGoodPhotoShowsInSepia() throws {
        let folder = TemporaryFiles.url("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ data: Data?, _ name: String) throws { try XCTUnwrap(data, name).write(to: folder.appendingPathComponent(name)) }

        let heicTile = try HostileImages.written("heic", width: 512, height: 512)
        let overflow = try XCTUnwrap(HostileImages.grid(of: heicTile, rows: 63, columns: 63, width: 32_256, height: 32_256))
        try write(SamplePhotos.data("coffee.png"), "good.png")
        try write(overflow, "overflow.heic")
        try write(HostileImages.grid(of: try HostileImages.written("heic", width: 256, height: 256), rows: 64, columns: 64,
                                     width: 16_384, height: 16_384), "grid.heic")
        try write(HostileImages.grid(of: try HostileImages.written("avif", width: 256, height: 256), rows: 64, columns: 64,
                                     width: 16_384, height: 16_384), "grid.avif")
        try write(HostileImages.animatedWebP(canvasWidth: 16_384, height: 16_384, still: try HostileImages.written("webp", width: 1, height: 1)),
                  "canvas.webp")
        try write(HostileImages.drawing(embedding: [("image/png", TestImages.pngBomb(width: 16_000, height: 16_000))]), "bomb.svg")
        let half = TestImages.pngBomb(width: 8_000, height: 8_000)
        try write(HostileImages.drawing(embedding: [("image/png", half), ("image/png", half)]), "pair.svg")
        try write(HostileImages.gif(frames: 300_000), "long.gif")

        let table = RowTable([
            ("good", "good.png", "filtered"),
            ("overflow", "overflow.heic", "the image is too large: 32256 × 32256 pixels"),
            ("heic grid", "grid.heic", "the image is too large: 16384 × 16384 pixels"),
            ("avif grid", "grid.avif", "the image is too large: 16384 × 16384 pixels"),
            ("webp canvas", "canvas.webp", "the image is too large: 16384 × 16384 pixels"),
            ("bomb drawing", "bomb.svg", "an image it embeds is refused: the image is too large: 16000 × 16000"),
            ("pair drawing", "pair.svg", "the images it embeds add up to more than 100 megapixels"),
            ("long gif", "long.gif", "it has more than 10000 frames"),
        ], reasonsContain: true)
        let manifest = folder.appendingPathComponent("hostile.json")
        try Data(table.json.utf8).write(to: manifest)

        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let cache = folder.appendingPathComponent("cache")
        // The grid, planted where the shared thumbnails of the good photo are looked for.
        let uri = SharedThumbnails.uri(forPath: folder.appendingPathComponent("good.png").path)
        for size in ["normal", "large"] {
            let bucket = cache.appendingPathComponent("thumbnails/\(size)")
            try FileManager.default.createDirectory(at: bucket, withIntermediateDirectories: true)
            try overflow.write(to: bucket.appendingPathComponent(SharedThumbnails.name(for: uri)))
        }
        var environment = try PersistentSettings.environment(in: folder.appendingPathComponent("settings"))
        environment["XDG_CACHE_HOME"] = cache.path
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: environment)
        table.waitForEveryRow(app, timeout: 120)
        table.assertEnded(app)
        XCTAssertTrue(app.trace.events.contains { $0.event == .image(row: 0, from: .file, pixels: 64) }, "the good photo was read from its file")
        let peak = ProcReaders.peakRSS(pid: app.process.processIdentifier)
        print("peak RSS on the hostile gallery: \(peak) MB")
        XCTAssertLessThan(peak, 800, "the app's peak memory")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        // The next launch opens the same gallery again, and lives.
        let again = try AppProcess(display: xvfb.display, arguments: [], environment: environment)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 60) { $0.contains { $0.name == .manifest } }, "the gallery opened again: \(again.recentEvents())")
        table.waitForEveryRow(again, timeout: 120)
        table.assertEnded(again)
        XCTAssertEqual(again.criticals, [])
    }

    /// A folder holding a photo another program writes under a lease (no extension: its content
    /// must be looked at): the app's listing does not wait for the lease (it used to keep the
    /// loading page up 45 s), the good photo beside it shows in sepia while the lease is held.
    func testAFileHeldUnderALeaseDoesNotHoldTheFolderUp() throws {
        let folder = TemporaryFiles.url("lease-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try SamplePhotos.data("coffee.png").write(to: folder.appendingPathComponent("good.png"))
        let held = folder.appendingPathComponent("being-written")
        try SamplePhotos.data("horse.png").write(to: held)
        let previous = signal(SIGIO, SIG_IGN)
        defer { signal(SIGIO, previous) }
        let fd = open(held.path, O_RDONLY)
        defer { close(fd) }
        XCTAssertEqual(fcntl(fd, 1024 /* F_SETLEASE */, F_WRLCK), 0, "a write lease on the file")
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, "the good photo shows in sepia: \(app.recentEvents())")
        XCTAssertEqual(fcntl(fd, 1025 /* F_GETLEASE */), F_RDLCK, "still held (its break asked for, not waited for)")
        XCTAssertEqual(app.trace.events.compactMap { if case .folderListed(let photos, _, _, _) = $0.event { return photos } else { return nil } }, [1])
        XCTAssertEqual(app.criticals, [])
    }
}
