// Why this exists: JPEGs on a real SFTP share show their own EXIF thumbnails first, from a short read of each file's start, and then the sharp sepia thumbnail made from the photo; a JPEG without one goes straight to the photo, a photo too large to read shows its preview with the reason and is fetched whole only when the viewer opens it, none is left as a preview, and the second visit reads no photo at all (the shared thumbnail cache, keyed by the share's URI).
import Foundation
import PhotoFetching
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class SharePreviewAppTests: XCTestCase {
    func testAShareJPEGShowsItsOwnThumbnailFirstThenTheSepiaPhoto() throws {
        let thumbnail = TestImages.halvesThumbnail()
        let server = try SFTPServer()
        defer { server.close() }
        let photos = (0..<4).map { "IMG_\($0).jpg" }
        for name in photos {
            let photo = TestImages.noiseJPEG(width: 900, height: 600)
            try TestImages.withEXIFThumbnail(photo, thumbnail: thumbnail, orientation: 6).write(to: server.folder.appendingPathComponent(name))
        }
        try SamplePhotos.data("rocket.jpg").write(to: server.folder.appendingPathComponent("plain.jpg"))
        // Over the 50 MiB a photo may be: its start, then holes to 60 MB.
        let huge = server.folder.appendingPathComponent("A huge.jpg")
        try TestImages.withEXIFThumbnail(TestImages.noiseJPEG(width: 900, height: 600), thumbnail: thumbnail, orientation: 6).write(to: huge)
        XCTAssertEqual(truncate(huge.path, 60_000_000 - 2), 0)
        // (Ending as a JPEG does, so the viewer does not take it for one cut short.)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0xFF, 0xD9]))
        try handle.close()
        let bus = try SFTPShares.bus(reaching: server)
        let xvfb = try Xvfb()
        let cache = TemporaryFiles.url("share-preview-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (1..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } && app.trace.finalStates[0]?.state == .failed },
                      "every photo ends in sepia but the huge one: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        var sources: [Int: [ImageSource]] = [:]
        for event in app.trace.events { if case .image(let row, let from, _) = event.event { sources[row, default: []].append(from) } }
        // In the file manager's order: A huge.jpg, IMG_0 … IMG_3, then plain.jpg.
        for row in 1..<5 {
            XCTAssertEqual(sources[row], [.embeddedThumbnail, .file], "row \(row): its own thumbnail first, then the photo")
        }
        XCTAssertEqual(sources[5], [.file], "a JPEG without a thumbnail goes straight to the photo")
        XCTAssertEqual(sources[0], [.embeddedThumbnail], "the huge one: its preview")
        XCTAssertTrue(app.trace.finalStates[0]?.reason?.contains("larger than the limit") == true, "and why it goes no further: \(String(describing: app.trace.finalStates[0]))")
        // On screen, the huge one still shows its preview (turned: red over blue), the only blue there.
        var blue = 0
        XCTAssertTrue(poll(timeout: 15) {
            let path = app.directory.appendingPathComponent("huge-preview.png").path
            guard (try? xvfb.screenshot(to: path)) != nil, let screen = try? Screenshot(path: path) else { return false }
            blue = 0
            for y in stride(from: 0, to: screen.height, by: 2) {
                for x in stride(from: 0, to: screen.width, by: 2) {
                    let (r, g, b) = screen.rgb(x: x, y: y)
                    if b > 170, r < 80, g < 80 { blue += 1 }
                }
            }
            return blue >= 200
        }, "the huge photo's preview stays on screen beside its reason: \(blue) blue pixels")
        // Opened, the viewer reads it whole (its limit is the viewer's), turned as it says.
        XCTAssertTrue(try app.openViewerByClick(on: xvfb, showing: 0),
                      "the viewer shows the huge photo: \(app.trace.events.filter { $0.name == .viewerFailed }.map(\.event))")
        let full = app.trace.events.compactMap { if case .fullImage(0, let width, let height, _, _, _) = $0.event { return [width, height] } else { return nil } }.first
        XCTAssertEqual(full, [600, 900])
        XCTAssertEqual(app.criticals, [])
        // Each preview was one short read of the file's start (16 KiB here: the EXIF fits), and all
        // came before any photo was read whole. (sftp-server logs each read as GVfs closes it.)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: server.folder.appendingPathComponent("IMG_0.jpg").path)[.size] as? Int)
        // (The viewer's neighbours are read again for it too.)
        XCTAssertTrue(poll(timeout: 15) { server.reads.count >= 13 && server.reads.contains { $0.name == "A huge.jpg" && $0.bytes == 60_000_000 } },
                      "two reads of each photo; the huge one's second only opened, for its size, its third the viewer's: \(server.reads)")
        let reads = server.reads
        XCTAssertEqual(reads.prefix(6).filter { $0.bytes > 32 * 1024 }.map(\.name), [], "the previews' reads, each 32 KiB at most: \(reads)")
        XCTAssertEqual(reads.filter { $0.name == "A huge.jpg" }.map(\.bytes).sorted().dropLast(), [0, 16384], "the huge one's thumbnail never fetched it whole: \(reads)")
        XCTAssertEqual(reads.filter { $0.name == "IMG_0.jpg" }.last?.bytes, size, "then the photo, whole")
        app.stop()

        // The second visit: every row from the shared thumbnail cache, and no photo read again.
        // (Stopping the app stopped its bus: a new session, as a new login.)
        let readsBefore = server.reads.count
        let secondBus = try SFTPShares.bus(reaching: server)
        let again = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path], bus: secondBus)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 60) { _ in (1..<6).allSatisfy { again.trace.finalStates[$0]?.state == .filtered } },
                      "every photo in sepia again: \(again.recentEvents())")
        let second = again.trace.events.compactMap { if case .image(let row, let from, _) = $0.event, row > 0 { return from } else { return nil } }
        XCTAssertEqual(second, Array(repeating: .thumbnailCache, count: 5), "from the cache, without a preview")
        XCTAssertEqual(server.reads.dropFirst(readsBefore).map(\.name).filter { $0 != "A huge.jpg" }, [], "no photo read on the second visit")
        XCTAssertEqual(again.criticals, [])
    }
}
