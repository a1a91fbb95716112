// Why this exists: a failure's words in the user's language are made from its typed cause, and in English read exactly as the trace's reason; a translated template may put its parts in any order.
@testable import AppLanguage
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotosApp
import XCTest
@testable import PhotoFetching

final class FailureTextTests: XCTestCase {
    func testPositionalPlaceholdersMayBeReordered() {
        XCTAssertEqual(fill("%2$s, then %1$s", "first", "second"), "second, then first")
        XCTAssertEqual(fill("%s: %s", "name", "reason"), "name: reason")
        XCTAssertEqual(fill("%1$s × %2$s (%1$s)", "3", "4"), "3 × 4 (3)")
        XCTAssertEqual(fill("100% sure: %1$s", "yes"), "100% sure: yes")
    }

    /// A message with a count is one message with plural forms: English picks by the count, and
    /// a translation gets both templates and the count (Korean has one form), also as a part.
    func testAPluralMessageIsChosenByItsCount() {
        XCTAssertEqual(Words.plural("%1$s photo", "%1$s photos", count: 1, "1").description, "1 photo")
        XCTAssertEqual(Words.plural("%1$s photo", "%1$s photos", count: 3, "3").description, "3 photos")
        var asked: [String] = []
        let outer = Words("not read: %1$s", Words.plural("%1$s photo", "%1$s photos", count: 3, "3"))
        let korean = outer.worded({ $0 == "not read: %1$s" ? "읽지 못함: %1$s" : $0 }, plural: { singular, plural, count in
            asked.append("\(singular)|\(plural)|\(count)")
            return "사진 %1$s장"
        })
        XCTAssertEqual(korean, "읽지 못함: 사진 3장")
        XCTAssertEqual(asked, ["%1$s photo|%1$s photos|3"])
    }

    /// An animation not played and a file the export could not write travel as words, not as
    /// English text, so the user reads them in their own language (Korean: no English word).
    func testARefusedAnimationAndAFailedWriteAreWords() {
        for (failure, words) in [(StageFailure(AnimationRefusal.still), Words("it is a still")),
                                 (StageFailure(ExportFailure.destination(AtomicFileError(code: EROFS))), Words("the disk is read-only"))] {
            guard case .words(let carried) = failure.cause else { return XCTFail("\(failure) travels as text") }
            XCTAssertEqual(carried, words)
        }
    }

    /// Without a translation (the tests' locale), each failure reads as its English description:
    /// the words a user reads and the trace's reason are the same.
    func testInEnglishTheTextIsTheTracesReason() {
        let failures: [StageFailure] = [
            StageFailure(FetchError.httpStatus(code: 404, reason: "Not Found")),
            StageFailure(FetchError.tooLarge(limit: 50 << 20)),
            StageFailure(FetchError.timedOut(seconds: 30)),
            StageFailure(FetchError.tls("bad certificate")),
            StageFailure(FetchError.insecureRedirect(to: "http://x/")),
            StageFailure(FetchError.transfer(Words(verbatim: "Connection refused"))),
            StageFailure(FetchError.transfer(Words("Too many redirects"))),
            StageFailure(FetchError.unsupported(Words("unsupported URL scheme “%1$s”", "gopher"))),
            StageFailure(FetchError.httpStatus(code: 503, reason: "Service Unavailable")),
            StageFailure(FetchError.httpStatus(code: 404, reason: "Nothing here")),
            StageFailure(FetchError.file(name: "x.png", code: ENOENT)),
            StageFailure(FetchError.file(name: "x.png", code: EACCES)),
            StageFailure(FetchError.file(name: "x.png", code: EIO)),
            StageFailure(FetchError.file(name: "x.png", code: ELOOP)),
            StageFailure(FetchError.endedEarly(received: 10, expected: 100)),
            StageFailure(FetchError.endedEarly(received: 0, expected: 1)),
            StageFailure(FetchError.notARegularFile(name: "fifo", kind: .namedPipe)),
            StageFailure(FetchError.notARegularFile(name: "s", kind: .socket)),
            StageFailure(FetchError.notARegularFile(name: "null", kind: .characterDevice)),
            StageFailure(FetchError.notARegularFile(name: "sda", kind: .blockDevice)),
            StageFailure(FetchError.notARegularFile(name: "Pictures", kind: .folder)),
            StageFailure(FetchError.notARegularFile(name: "?", kind: .other)),
            StageFailure(FetchError.notLocal(url: "file://nas/x.png", host: "nas")),
            StageFailure(FetchError.notAnswering(stuck: 2, mount: "/mnt/nas")),
            StageFailure(FetchError.notAnswering(stuck: 1, mount: "/mnt/nas")),
            StageFailure(DecodeError.truncated(format: "PNG")),
            StageFailure(FetchError.blocked(NetworkRefusal(origin: .public, target: .local, address: "127.0.0.1"))),
            StageFailure(FetchError.blocked(NetworkRefusal(origin: .public, target: .private, address: "10.0.0.1"))),
            StageFailure(FetchError.blocked(NetworkRefusal(origin: .private, target: .local, address: "::1"))),
            StageFailure(DecodeError.empty),
            StageFailure(DecodeError.tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000)),
            StageFailure(DecodeError.tooManyFrames(limit: 10_000)),
            StageFailure(DecodeError.tooManyTiles(count: 5_000, limit: 4_096)),
            StageFailure(DecodeError.overBudget(needed: 600 << 20, capacity: 480 << 20)),
            StageFailure(DecodeError.unreadableHeader(format: "HEIF", why: Words("has a grid of %1$s tiles that names %2$s", "4", "3"))),
            StageFailure(DecodeError.drawing(Words("it is not XML its reader follows (%1$s)", Words("an element that does not end")))),
            StageFailure(DecodeError.undecodable(Words(verbatim: "bad data"))),
            StageFailure(.refusedAddress, Words("unsupported URL scheme “%1$s”", "ftp:")),
            StageFailure(FilterError.cannotAllocate(width: 64, height: 64)),
            StageFailure(.other, "could not scale the image"),
            StageFailure(AnimationRefusal.framesTooLarge(width: 9_000, height: 9_000)),
            StageFailure(AnimationRefusal.tooSlow(seconds: 15)),
            StageFailure(AnimationRefusal.still),
            StageFailure(ExportFailure.destination(AtomicFileError(code: EROFS))),
            StageFailure(ExportFailure.destination(AtomicFileError(code: ENOSPC))),
            StageFailure(ExportFailure.destination(AtomicFileError(code: ELOOP))),
        ]
        for failure in failures {
            XCTAssertEqual(FailureText.of(failure), failure.description)
        }
    }
}
