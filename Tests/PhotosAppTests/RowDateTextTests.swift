// Why this exists: a row's tooltip in a folder sorted by date says which date the photo sorts by: when it was taken, or that it has none and its modification time stands in; nothing before its date is read.
@testable import GalleryViews
import PhotoFormats
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import XCTest
@testable import PhotosApp
import GalleryContents

final class RowDateTextTests: XCTestCase {
    func testTheTooltipSaysWhichDateAPhotoSortsBy() throws {
        try MainActor.assumeIsolated { try Self.check() }
    }

    @MainActor
    static func check() throws {
        let dates = [
            RowDate(taken: .exif(seconds: 1_563_121_925, hasOffset: true), modified: 1_700_000_000_000_000),
            RowDate(taken: TakenDate.none, modified: 1_700_000_000_000_000),
            RowDate(taken: nil, modified: 1_700_000_000_000_000),
            RowDate(taken: TakenDate.none, modified: 0),
        ]
        let taken = try XCTUnwrap(RowDateText.text(RowDateText.date(dates, at: 0)))
        XCTAssertTrue(taken.hasPrefix("Taken ") && taken.contains("2019"), taken)
        let modified = try XCTUnwrap(RowDateText.text(RowDateText.date(dates, at: 1)))
        XCTAssertTrue(modified.hasPrefix("No date taken: sorted by its modification time") && modified.contains("2023"), modified)
        XCTAssertNil(RowDateText.text(RowDateText.date(dates, at: 2)), "not read yet")
        XCTAssertEqual(RowDateText.text(RowDateText.date(dates, at: 3)), "No date taken or modified")
        XCTAssertNil(RowDateText.text(RowDateText.date(dates, at: 4)))
        XCTAssertNil(RowDateText.text(RowDateText.date(nil, at: 0)))
    }
}
