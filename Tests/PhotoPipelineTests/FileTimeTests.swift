// Why this exists: a modification time no file system should hold (a hostile share, a FUSE file) is unknown, never a trap, in every reader of file times (FileTime).
import GLibIO
import XCTest

final class FileTimeTests: XCTestCase {
    func testTimesThatDoNotFitAreUnknown() {
        XCTAssertEqual(FileTime.microseconds(seconds: 1_700_000_000, nanoseconds: 123_456_789), 1_700_000_000_123_456)
        XCTAssertEqual(FileTime.microseconds(seconds: -86_400, nanoseconds: 0), -86_400_000_000, "before 1970 is a time")
        XCTAssertEqual(FileTime.microseconds(seconds: .max, nanoseconds: 0), 0, "the multiplication overflows")
        // 9,223,372,036,854 s fits as microseconds, but not with 999,999 µs more.
        XCTAssertEqual(FileTime.microseconds(seconds: 9_223_372_036_854, nanoseconds: 999_999_999), 0, "the addition overflows")
        XCTAssertEqual(FileTime.microseconds(seconds: 1, nanoseconds: 1_000_000_000), 0, "not a second's nanoseconds")
        XCTAssertEqual(FileTime.microseconds(seconds: 1, nanoseconds: -1), 0)
    }
}
