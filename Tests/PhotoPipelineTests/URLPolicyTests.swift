// Why this exists: the shortcuts that make a row's entry cheap (one byte scan, a hand-joined relative path) give exactly what the general path through Foundation gives, and hand anything unusual to it; and only the user's own galleries name files on this computer.
import PhotoFormats
import Foundation
import TestAndBenchSupport
import PhotoTrace
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import GalleryContents

final class URLPolicyTests: XCTestCase {
    /// What `resolve` gave before the shortcut, for a reference without a scheme: Foundation's
    /// resolution against the manifest.
    func foundation(_ text: String, _ base: URL) -> String? {
        let encoded = URL(string: text) != nil ? text : text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
        return encoded.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL.absoluteString }
    }

    func testHandJoinedRelativePathsMatchFoundation() throws {
        let bases = ["file:///home/ann/Pictures/gallery.json", "file:///tmp/a%20b/g.plist", "http://example.com/g/list.json?from=/a/b#top/c",
                     "https://example.com/gallery.json", "http://example.com:8080/a/b/", "file:///g.json"]
        let references = ["photo.jpg", "photos/a.jpg", "a%20b.png", "x/y/z/w.jpeg", "...", "a.b.c/d..e", "~me/pic.png",
                          "it's(1)+[x].jpg".replacingOccurrences(of: "[x]", with: "x"), "a=b;c,d@e!f$g&h*i.png", "-_.~",
                          "..hidden/x.png", "dir.with.dots/x.png"]
        var joined = 0
        for base in bases.map({ URL(string: $0)! }) {
            for reference in references {
                let fast = URLPolicy.simpleRelative(reference, against: base)
                XCTAssertNotNil(fast, "\(reference) against \(base) should take the shortcut")
                XCTAssertEqual(fast?.absoluteString, foundation(reference, base), "\(reference) against \(base)")
                if fast != nil { joined += 1 }
                guard case .success(let url) = URLPolicy.resolve(reference, against: base) else { return XCTFail("\(reference)") }
                XCTAssertEqual(url.absoluteString, foundation(reference, base))
            }
        }
        XCTAssertEqual(joined, bases.count * references.count)
    }

    func testUnusualReferencesTakeTheGeneralPath() throws {
        let base = URL(string: "http://example.com/g/list.json")!
        for reference in ["./a.jpg", "../a.jpg", "a/./b.jpg", "a/../b.jpg", "a/..", ".", "..", "/root.jpg", "//host/x.jpg",
                          "a//b.jpg", "dir/", "a.jpg?x=1", "a.jpg#f", "a b.jpg", "%zz.jpg", "a%2", "é.jpg", "a:b.jpg", "a\\b.jpg"] {
            XCTAssertNil(URLPolicy.simpleRelative(reference, against: base), reference)
        }
        // …and still resolve as they did.
        for (reference, expected) in [("./a.jpg", "http://example.com/g/a.jpg"), ("../a.jpg", "http://example.com/a.jpg"),
                                      ("/root.jpg", "http://example.com/root.jpg"), ("a.jpg?x=1", "http://example.com/g/a.jpg?x=1"),
                                      ("a b.jpg", "http://example.com/g/a%20b.jpg"), ("é.jpg", "http://example.com/g/%C3%A9.jpg")] {
            guard case .success(let url) = URLPolicy.resolve(reference, against: base) else { XCTFail(reference); continue }
            XCTAssertEqual(url.absoluteString, expected, reference)
        }
        // A manifest URL with no folder to join to.
        XCTAssertNil(URLPolicy.simpleRelative("a.jpg", against: URL(string: "http://example.com")!))
    }

    /// The one-pass scan finds exactly Unicode's control characters (Cc) and U+FFFD.
    func testTheByteScanAgreesWithUnicodeProperties() {
        var scalars: [Unicode.Scalar] = (0..<0x250).compactMap(Unicode.Scalar.init)
        scalars += ["\u{FFFD}", "\u{FFFC}", "\u{2028}", "\u{200B}", "\u{1F600}", "\u{EFBF}"]
        for scalar in scalars {
            let text = "a\(scalar)b"
            let scan = URLPolicy.scan(text)
            XCTAssertEqual(scan.control, scalar.properties.generalCategory == .control, "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(scan.replacement, scalar == "\u{FFFD}", "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(DisplayText.isControl(scalar), scalar.properties.generalCategory == .control)
        }
        XCTAssertEqual(URLPolicy.trimmed("  a.jpg\n"), "a.jpg")
        XCTAssertEqual(URLPolicy.trimmed("\u{00A0}a.jpg"), "a.jpg", "non-ASCII white space at an end is trimmed too")
        XCTAssertEqual(URLPolicy.trimmed("a b.jpg"), "a b.jpg")
    }

    /// Only the user's own gallery (a folder, or a manifest file with no web origin) may name
    /// files on this computer: a manifest a browser downloaded may not, relative paths included.
    func testOnlyTheUsersOwnGalleryNamesFilesOnThisComputer() throws {
        let folder = TemporaryFiles.url("own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = #"[{"name": "a", "url": "sunset.sh"}, {"name": "b", "url": "file:///etc/passwd"}, {"name": "c", "url": "https://example.org/c.jpg"}]"#
        let mine = folder.appendingPathComponent("mine.json"), downloaded = folder.appendingPathComponent("downloaded.json")
        try Data(json.utf8).write(to: mine)
        try Data(json.utf8).write(to: downloaded)
        let marked = try Tool.run("/usr/bin/python3", ["-c", "import os, sys; os.setxattr(sys.argv[1], 'user.xdg.origin.url', b'https://example.org/g.json')",
                                                       downloaded.path])
        XCTAssertEqual(marked.status, 0, marked.output)
        let loader = ManifestLoader(fetcher: ResourceFetcher(http: HTTPClient()), trace: Trace())
        let own = try loader.load(mine)
        XCTAssertTrue(own.isUsersOwn)
        XCTAssertEqual(own.entries.map { $0.problem }, [nil, nil, nil])
        let web = try loader.load(downloaded)
        XCTAssertFalse(web.isUsersOwn)
        XCTAssertEqual(web.entries.map { $0.problem?.description }, ["local files are not allowed from a gallery downloaded from the web",
                                                    "local files are not allowed from a gallery downloaded from the web", nil])
        XCTAssertFalse(web.isUsersOwnPhoto(URL(fileURLWithPath: "/etc/passwd")))
        XCTAssertTrue(own.isUsersOwnPhoto(URL(fileURLWithPath: "/etc/passwd")) && !own.isUsersOwnPhoto(URL(string: "https://example.org/c.jpg")!))
    }

    func testAShareIsNamedOnlyByItsOwnListingNeverByAManifest() {
        let share = URL(string: "sftp://ann@nas.local:2222/photos/")!
        let named = ["sftp://ann@nas.local:2222/photos/a.jpg", "smb://nas.local/photos/a.jpg", "dav://nas.local/a.jpg",
                     "davs://nas.local/a.jpg", "sftp://ann@other.local:2222/a.jpg", "sftp://bob@nas.local:2222/a.jpg", "sftp://ann@nas.local/a.jpg"]
        // From the share's own listing: its own files only (same scheme, user, host and port).
        XCTAssertEqual(named.map { (try? URLPolicy.resolve($0, against: share).get()) != nil }, [true, false, false, false, false, false, false])
        // From a manifest, on the web or on this computer: none.
        for manifest in ["https://example.org/g.json", "file:///home/ann/g.json"].map({ URL(string: $0)! }) {
            for uri in named {
                guard case .failure(let refusal) = URLPolicy.resolve(uri, against: manifest) else { return XCTFail("\(uri) from \(manifest)") }
                XCTAssertTrue(refusal.message.description.hasPrefix("unsupported URL scheme"), refusal.message.description)
            }
        }
    }
}
