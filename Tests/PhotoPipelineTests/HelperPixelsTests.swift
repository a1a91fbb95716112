// Why this exists: pixels a helper sends are taken only as promised: a shape the app accepts, in a memfd sealed against change and large enough; anything else is refused rather than mapped.
import PhotoFormats
import Foundation
import HelperIPC
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import XCTest

final class HelperPixelsTests: XCTestCase {
    private func memfd(_ bytes: Int, seal: Bool) -> Int32 {
        if seal { return SealedMemory.sealed(Data(count: bytes), name: "test") }
        // A file of that size that nothing seals, as a compromised helper could send.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unsealed-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT, 0o600)
        unlink(path)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, off_t(bytes)), 0)
        return fd
    }

    func testSealedPixelsOfTheRightSizeAreTaken() throws {
        let fd = memfd(4 * 3 * 2, seal: true)
        let pixbuf = try XCTUnwrap(HelperPixels.take(fd, shape: PixelShape(width: 3, height: 2, rowStride: 12, hasAlpha: true)))
        XCTAssertEqual(pixbuf.width, 3)
        XCTAssertEqual(pixbuf.height, 2)
    }

    func testUnsealedPixelsAreRefused() {
        // The helper could still change or shrink them once mapped (a shrink would crash the app with SIGBUS).
        XCTAssertNil(HelperPixels.take(memfd(24, seal: false), shape: PixelShape(width: 3, height: 2, rowStride: 12, hasAlpha: true)))
    }

    func testTooFewBytesAreRefused() {
        XCTAssertNil(HelperPixels.take(memfd(20, seal: true), shape: PixelShape(width: 3, height: 2, rowStride: 12, hasAlpha: true)))
    }

    func testShapesTheAppDoesNotAcceptAreRefused() {
        for shape in [PixelShape(width: 0, height: 2, rowStride: 12, hasAlpha: true),
                      PixelShape(width: 3, height: 2, rowStride: 8, hasAlpha: true),
                      PixelShape(width: 3, height: 2, rowStride: 1 << 20, hasAlpha: true),
                      PixelShape(width: 30_000, height: 30_000, rowStride: 120_000, hasAlpha: true)] {
            XCTAssertNil(shape.byteLength, "\(shape)")
            XCTAssertNil(HelperPixels.take(memfd(64, seal: true), shape: shape), "\(shape)")
        }
        XCTAssertNil(HelperPixels.take(memfd(24, seal: true), shape: nil))
    }

    func testARepliesWordsComeBackAsTheyWereSent() {
        var reply = HelperReply(id: 7)
        reply.error = .unreadableHeader(format: "HEIF", why: Words("declares %1$s tiles", "9"))
        XCTAssertEqual(HelperCoding.decode(HelperReply.self, HelperCoding.encode(reply)), reply)
        XCTAssertNil(HelperCoding.decode(HelperReply.self, Data("{\"id\": \"seven\"}".utf8)), "a garbled reply is no reply")
    }
}
