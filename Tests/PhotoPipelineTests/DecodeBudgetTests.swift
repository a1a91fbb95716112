// Why this exists: every decode in flight shares one budget of pixel bytes: a decode reserves its share as the image declares its size and waits while others hold the rest (cancellable), gives it back as it ends, and one that could never fit fails with the reason; the caches' own files obey their bucket's size. Each test fails with its rule taken out.
import PhotoFormats
import DecodeHelper
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

final class DecodeBudgetTests: XCTestCase {
    /// A 1000 × 1000 PNG: decoded whole (no downscale), it holds 8 MB (its buffer and the result).
    static let photo = TestImages.encoded(width: 1000, height: 1000) { x, y in [UInt8(x % 256), UInt8(y % 256), 90] }
    static let photoBytes = ImageDecoder.bytesHeld(width: 1000, height: 1000, requested: nil, format: "png")

    func testADecodeHoldsItsShareOnlyWhileItRuns() throws {
        let budget = DecodeBudget(bytes: 64 << 20)
        let image = try ImageDecoder(maxDimension: 1000).decode(Self.photo, within: budget, cancellable: Cancellable())
        XCTAssertEqual(image.width, 1000)
        XCTAssertEqual(budget.inUse, 0, "given back as it ended")
    }

    /// Scheduling made to hold: the test itself holds the whole budget, so the decode must wait
    /// (checked over a generous window), and runs once it is given back.
    func testADecodeWaitsWhileOthersHoldTheBudget() throws {
        let budget = DecodeBudget(bytes: Self.photoBytes)
        let held = try budget.reserve(Self.photoBytes, cancellable: Cancellable())
        let done = DispatchSemaphore(value: 0)
        final class Outcome: @unchecked Sendable { var width = 0 }
        let outcome = Outcome()
        Thread {
            outcome.width = (try? ImageDecoder(maxDimension: 1000).decode(Self.photo, within: budget, cancellable: Cancellable()))?.width ?? -1
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 0.5), .timedOut, "the decode waits for the budget")
        held.release()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "then it runs")
        XCTAssertEqual(outcome.width, 1000)
        XCTAssertEqual(budget.inUse, 0)
    }

    func testCancellingAWaitingDecodeEndsIt() throws {
        let budget = DecodeBudget(bytes: Self.photoBytes)
        let held = try budget.reserve(Self.photoBytes, cancellable: Cancellable())
        defer { held.release() }
        let cancellable = Cancellable()
        let done = DispatchSemaphore(value: 0)
        final class Outcome: @unchecked Sendable { var error: DecodeError? }
        let outcome = Outcome()
        Thread {
            do throws(DecodeError) { _ = try ImageDecoder(maxDimension: 1000).decode(Self.photo, within: budget, cancellable: cancellable) }
            catch { outcome.error = error }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 0.3), .timedOut, "waiting")
        cancellable.cancel()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the cancel woke it")
        XCTAssertEqual(outcome.error, .cancelled)
    }

    func testADecodeLargerThanTheWholeBudgetFailsWithTheReason() {
        let budget = DecodeBudget(bytes: 1 << 20)
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 1000).decode(Self.photo, within: budget, cancellable: Cancellable())) { error in
            XCTAssertTrue("\(error)".contains("more than the 1 MB all decodes may hold at once"), "\(error)")
        }
        XCTAssertEqual(budget.inUse, 0)
    }

    /// A JPEG downscaled while decoding reserves for its reduced buffer, not its full size.
    func testAJPEGReservesForItsReducedSize() {
        XCTAssertEqual(ImageDecoder.bytesHeld(width: 4000, height: 3000, requested: (256, 192), format: "jpeg"), (4 * 256 * 192 + 256 * 192) * 4)
        XCTAssertEqual(ImageDecoder.bytesHeld(width: 4000, height: 3000, requested: (256, 192), format: "png"), (4000 * 3000 + 256 * 192) * 4)
    }

    /// Another app can write the shared thumbnail cache: a file larger than its bucket is a miss,
    /// and a bomb that declares 30,000 × 30,000 is refused before its pixels are allocated.
    func testACacheFileLargerThanItsBucketIsRefusedBeforeAllocation() {
        let large = TestImages.encoded(width: 300, height: 200) { _, _ in [1, 2, 3] }
        var allocated = true
        XCTAssertNil(PNGFile.decode(large, keys: [], maxSide: 128, allocated: &allocated), "300 px in a 128 px bucket")
        XCTAssertFalse(allocated, "refused as it declared its size")
        XCTAssertNil(PNGFile.decode(TestImages.pngBomb(), keys: [], maxSide: 256, allocated: &allocated))
        XCTAssertFalse(allocated, "the bomb allocated nothing")
        XCTAssertNotNil(PNGFile.decode(large, keys: [], maxSide: 300, allocated: &allocated), "control: it fits a 300 px bucket")
        XCTAssertTrue(allocated)
    }
}
