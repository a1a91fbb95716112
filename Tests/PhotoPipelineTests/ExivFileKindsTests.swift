// Why this exists: exiv2 is handed only the kinds of file the app reads details of: the header fuzzer's RIFF that is not a WebP (which kept exiv2's RiffVideo reader busy for over 100 s) never reaches it, while JPEG, PNG, WebP, TIFF and a HEIF's XMP packet do.
import Foundation
@testable import PhotoMetadata
import TestAndBenchSupport
import XCTest

final class ExivFileKindsTests: XCTestCase {
    /// Found by the header fuzzer (a libFuzzer timeout in `Exiv2::RiffVideo::decodeBlock`).
    static let riffPlaylist = Data(base64Encoded: "UklGRjgAADxwbGF5bGlzdCB2ZXJzaW9uPScxAFdF////////////////////////////////////////////////////////////////////////////////////QlBWUDggLAAAANABAJ0BKgDQAQCdASoQAAwAAgA0JQOwAP7w6Pf/ILlhdcjX/mwK5rn5qAAA")!

    func testTheFuzzersRIFFNeverReachesExiv2() {
        var opened = 0
        let metadata = MetadataReader.opened(Self.riffPlaylist) { _, _, _, _ in opened += 1; return 0 }
        XCTAssertNil(metadata)
        XCTAssertEqual(opened, 0, "exiv2 was not asked to open it")
        XCTAssertNil(MetadataReader.read(file: Self.riffPlaylist))
    }

    func testThePhotosKindsAndAnXMPPacketDo() {
        for name in ["coffee.png", "chelsea.png"] where SamplePhotos.files.contains(name) {
            XCTAssertTrue(ExivFileKinds.mayOpen(SamplePhotos.data(name)), name)
        }
        XCTAssertTrue(ExivFileKinds.mayOpen(Data([0xFF, 0xD8, 0xFF, 0xE1, 0, 0])), "a JPEG")
        XCTAssertTrue(ExivFileKinds.mayOpen(Data("II*\0\u{8}\0\0\0".utf8)), "a little-endian TIFF")
        XCTAssertTrue(ExivFileKinds.mayOpen(Data("MM\0*\0\0\0\u{8}".utf8)), "a big-endian TIFF")
        XCTAssertTrue(ExivFileKinds.mayOpen(Data("RIFF\u{10}\0\0\0WEBPVP8 ".utf8)), "a WebP")
        XCTAssertTrue(ExivFileKinds.mayOpen(Data("\u{FEFF}<?xpacket begin=''?>".utf8)), "an XMP packet after a byte-order mark")
        XCTAssertFalse(ExivFileKinds.mayOpen(Data("RIFF\u{10}\0\0\0AVI LIST".utf8)), "an AVI")
        XCTAssertFalse(ExivFileKinds.mayOpen(Data([0, 0, 0, 0x18]) + Data("ftypmp42".utf8)), "a QuickTime movie")
        XCTAssertFalse(ExivFileKinds.mayOpen(Data([0x1A, 0x45, 0xDF, 0xA3])), "a Matroska file")
        XCTAssertFalse(ExivFileKinds.mayOpen(Data()))
    }
}
