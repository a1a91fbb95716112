// Why this exists: the memfd the app keeps for a helper hands over each photo's bytes exactly, whatever the photo before it left there or the helper did to it meanwhile (shrunk it, grown it), and the helper maps what it is sent, sealed or kept.
import Foundation
import HelperIPC
import XCTest

final class KeptMemoryTests: XCTestCase {
    /// All that the helper would map of `fd`.
    private func mapped(_ fd: Int32) throws -> Data {
        let (pointer, length) = try XCTUnwrap(KeptMemory.map(fd))
        guard let pointer else { return Data() }
        defer { SealedMemory.unmap(pointer, length: length) }
        return Data(bytes: pointer, count: length)
    }

    func testEachPhotoIsHandedOverExactly() throws {
        let fd = KeptMemory.make(name: "test")
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let small = Data("a smaller photo".utf8)
        XCTAssertTrue(KeptMemory.refill(fd, with: large))
        XCTAssertEqual(try mapped(fd), large)
        // A smaller photo after a larger one: none of the larger one's bytes after it.
        XCTAssertTrue(KeptMemory.refill(fd, with: small))
        XCTAssertEqual(try mapped(fd), small)
        // The helper lent it grew it, then shrank it to nothing.
        XCTAssertEqual(ftruncate(fd, 10 << 20), 0)
        XCTAssertTrue(KeptMemory.refill(fd, with: small))
        XCTAssertEqual(try mapped(fd), small)
        XCTAssertEqual(ftruncate(fd, 0), 0)
        XCTAssertTrue(KeptMemory.refill(fd, with: large))
        XCTAssertEqual(try mapped(fd), large)
        XCTAssertTrue(KeptMemory.refill(fd, with: Data()))
        XCTAssertEqual(try mapped(fd), Data())
    }

    func testTheHelperMapsASealedMemfdAsBefore() throws {
        let bytes = Data("sealed bytes".utf8)
        let fd = SealedMemory.sealed(bytes, name: "test")
        defer { close(fd) }
        XCTAssertEqual(try mapped(fd), bytes)
    }

    func testWhatIsNotARegularFileIsNotMapped() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertNil(KeptMemory.map(ends[0]))
    }
}
