// Why this exists: JPEGs on a real SFTP share show their own EXIF thumbnails first, from a short read of each file's start, and then the sharp sepia thumbnail made from the photo; a JPEG without one goes straight to the photo, none is left as a preview, and the second visit reads no photo at all (the shared thumbnail cache, keyed by the share's URI).
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
        let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
        bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
        let xvfb = try Xvfb()
        let cache = TemporaryFiles.url("share-preview-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<5).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every photo ends in sepia: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        var sources: [Int: [ImageSource]] = [:]
        for event in app.trace.events { if case .image(let row, let from, _) = event.event { sources[row, default: []].append(from) } }
        // In the file manager's order: IMG_0 … IMG_3, then plain.jpg.
        for row in 0..<4 {
            XCTAssertEqual(sources[row], [.embeddedThumbnail, .file], "row \(row): its own thumbnail first, then the photo")
        }
        XCTAssertEqual(sources[4], [.file], "a JPEG without a thumbnail goes straight to the photo")
        XCTAssertEqual(app.criticals, [])
        // Each preview was one short read of the file's start (GVfs reads ahead a little), and all
        // came before any photo was read whole. (sftp-server logs each read as GVfs closes it.)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: server.folder.appendingPathComponent("IMG_0.jpg").path)[.size] as? Int)
        XCTAssertTrue(poll(timeout: 15) { server.reads.count == 10 }, "two reads of each photo: \(server.reads)")
        let reads = server.reads
        XCTAssertEqual(reads.prefix(5).filter { $0.bytes > 100 * 1024 }.map(\.name), [], "the previews' reads, each under 100 KiB: \(reads)")
        XCTAssertEqual(reads.filter { $0.name == "IMG_0.jpg" }.last?.bytes, size, "then the photo, whole")
        app.stop()

        // The second visit: every row from the shared thumbnail cache, and no photo read again.
        // (Stopping the app stopped its bus: a new session, as a new login.)
        let readsBefore = server.reads.count
        let secondBus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
        secondBus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
        let again = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path], bus: secondBus)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 60) { _ in (0..<5).allSatisfy { again.trace.finalStates[$0]?.state == .filtered } },
                      "every photo in sepia again: \(again.recentEvents())")
        let second = again.trace.events.compactMap { if case .image(_, let from, _) = $0.event { return from } else { return nil } }
        XCTAssertEqual(second, Array(repeating: .thumbnailCache, count: 5), "from the cache, without a preview")
        XCTAssertEqual(server.reads.dropFirst(readsBefore).map(\.name), [], "no photo read on the second visit")
        XCTAssertEqual(again.criticals, [])
    }
}
