// Why this exists: the thumbnail size's steps: Ctrl+plus and Ctrl+minus move one step and stop at the ends; a saved size between steps or outside them comes back to one.
@testable import GalleryViews
import XCTest
@testable import PhotosApp

final class ThumbnailSizesTests: XCTestCase {
    func testStepsMoveOneAtATimeAndStopAtTheEnds() {
        var size = ThumbnailSizes.standard
        var seen: [Int32] = []
        for _ in 0..<6 { size = ThumbnailSizes.larger(than: size); seen.append(size) }
        XCTAssertEqual(seen, [96, 128, 192, 256, 256, 256])
        seen = []
        for _ in 0..<7 { size = ThumbnailSizes.smaller(than: size); seen.append(size) }
        XCTAssertEqual(seen, [192, 128, 96, 64, 48, 48, 48])
    }

    func testASavedSizeOffTheStepsComesBackToOne() {
        XCTAssertEqual(ThumbnailSizes.step(100), 96)
        XCTAssertEqual(ThumbnailSizes.step(10), 48)
        XCTAssertEqual(ThumbnailSizes.step(9_999), 256)
        XCTAssertEqual(ThumbnailSizes.larger(than: 100), 128)
    }
}
