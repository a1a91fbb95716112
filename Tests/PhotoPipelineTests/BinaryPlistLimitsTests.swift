// Why this exists: a binary property list may point any number of times at one object; the rows a file expands to are bounded by the manifest limit, and trees of shared objects are counted, not walked (each test fails, or hangs past its deadline, with its limit taken out).
import Foundation
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import GalleryContents

final class BinaryPlistLimitsTests: XCTestCase {
    /// Parse on a thread of its own, within `deadline` seconds: a parser that walks 2^60
    /// objects fails the test instead of hanging it.
    func parse(_ data: Data, deadline: TimeInterval = 30) -> Result<Manifest, ManifestError>? {
        final class Box: @unchecked Sendable { var result: Result<Manifest, ManifestError>? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        Thread {
            box.result = Result { () throws(ManifestError) in try ManifestParser.parse(data, source: URL(fileURLWithPath: "/g.bplist")) }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + deadline) == .success else {
            XCTFail("the parse did not end within \(Int(deadline)) s")
            return nil
        }
        return box.result
    }

    /// The file: 400 entries sharing one 8 MB URL string (3.2 GB of rows): refused,
    /// naming the entry where it passed the limit, before the rows are made.
    func testRowsSharingOneLongStringAreRefusedAtTheManifestLimit() throws {
        let data = BinaryPlistWriter.sharedURL(entries: 400, urlBytes: 8 << 20)
        XCTAssertLessThan(data.count, 9 << 20, "an 8 MB file")
        guard case .failure(let error)? = parse(data) else { return XCTFail("must be refused") }
        XCTAssertEqual(error.entry, "Photo 16", "the 16th entry passes 128 MiB: \(error)")
        XCTAssertTrue(error.message.description.contains("add up to more than 128 MiB"), error.description)
    }

    /// Rows that share a short string are fine: it is the bytes that count, not the sharing.
    func testRowsSharingAShortStringParse() throws {
        let manifest = try XCTUnwrap(try parse(BinaryPlistWriter.sharedURL(entries: 5000, urlBytes: 40))?.get())
        XCTAssertEqual(manifest.count, 5000)
    }

    /// Arrays that each hold two references to the next, 60 deep (within the depth limit):
    /// 2^60 objects in full. Refused at once.
    func testArraysThatDoubleAtEveryLevelAreRefusedAtOnce() throws {
        guard case .failure(let error)? = parse(BinaryPlistWriter.doublingArrays(depth: 60)) else { return XCTFail("must be refused") }
        XCTAssertTrue(error.message.description.hasPrefix("shared objects expand past"), error.description)
    }
}
