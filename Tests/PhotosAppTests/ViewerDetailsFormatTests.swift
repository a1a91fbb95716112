// Why this exists: the viewer's Details names the format as its loader does, with its type, and says when a photo is animated and how many frames it has.
@testable import GalleryViews
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import XCTest
@testable import PhotosApp

final class ViewerDetailsFormatTests: XCTestCase {
    func testTheFormatAndAnAnimationsFrames() {
        var details = FullImageDetails()
        details.formatName = "GIF"
        details.mimeType = "image/gif"
        MainActor.assumeIsolated {
            XCTAssertEqual(ViewerDetails.format(details), "GIF (image/gif)")
            details.frameCount = 12
            XCTAssertEqual(ViewerDetails.format(details), "GIF (image/gif), animated, 12 frames")
            details.formatName = nil
            details.mimeType = nil
            details.frameCount = nil
            XCTAssertEqual(ViewerDetails.format(details), "—")
        }
    }

    /// The shortest exposure EXIF can say (1/4294967295 s) is worded, not trapped on.
    func testTheShortestExposure() throws {
        let shortest = try XCTUnwrap(PhotoDetails.Fraction(numerator: 1, denominator: Int(UInt32.max)))
        MainActor.assumeIsolated {
            XCTAssertEqual(PhotoDetailsText.exposure(shortest).filter(\.isNumber), "14294967295")
        }
    }
}
