// Why this exists: manifests at the edges: 100,000 entries load and scroll; broken ones of every kind get the in-window error with a reason.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ManifestLimitsAppTests: XCTestCase {
    func temporaryDirectory() throws -> URL {
        let directory = TemporaryFiles.url("manifests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func testHundredThousandEntriesLoadAndScroll() throws {
        // Short relative URLs keep 100,000 entries (4.6 MB) under the 8 MiB manifest limit.
        let directory = try temporaryDirectory()
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("photos"), withDestinationURL: SamplePhotos.directory)
        let files = SamplePhotos.files
        var json = "["
        for row in 0..<100_000 {
            if row > 0 { json += ",\n" }
            json += "{\"name\":\"P\(row)\",\"url\":\"photos/\(files[row % files.count])\"}"
        }
        json += "]"
        let manifest = directory.appendingPathComponent("huge.json")
        try Data(json.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 120) { $0.contains { $0.name == .manifest } }, "stderr: \(app.stderr.suffix(500))")
        XCTAssertEqual(app.trace.events.first { $0.name == .manifest }?.manifestRows, 100_000)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered })
        try xvfb.run("xdotool", ["mousemove", "360", "300", "click", "--repeat", "30", "--delay", "15", "5"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .scrollEnd } })
        let end = try XCTUnwrap(app.trace.events.last { $0.name == .scrollEnd }?.event.range)
        XCTAssertGreaterThan(end.lowerBound, 10, "the list scrolled")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[end.lowerBound + 1]?.state == .filtered }, "rows at rest load")
        XCTAssertEqual(app.criticals, [])
    }

    func testBrokenManifestsGetTheErrorWithAReason() throws {
        let directory = try temporaryDirectory()
        // Over the 128 MiB limit: a sparse file, refused by its size before a byte is read.
        let tooLarge = directory.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: tooLarge.path, contents: Data("[".utf8))
        XCTAssertEqual(truncate(tooLarge.path, off_t(129 << 20)), 0)
        let cases: [(file: String, data: Data?, reason: String)] = [
            ("bad.plist", Data("<?xml version=\"1.0\"?>\n<plist><dict><key>A</key>\n<string>a.png</dict></plist>".utf8), "malformed XML"),
            ("bad.bplist", Data("bplist00".utf8) + Data(repeating: 7, count: 40), "binary property list"),
            ("types.json", Data("{\"A\": 3}".utf8), "a number; expected a URL string"),
            ("empty.json", Data(), "empty"),
            ("binary.dat", Data([0x00, 0x01, 0x02, 0x89, 0x50, 0x4E, 0x47]), "not a gallery manifest"),
            ("huge.json", nil, "larger than 128 MiB"),
        ]
        let xvfb = try Xvfb()
        for item in cases {
            let path = directory.appendingPathComponent(item.file)
            if let data = item.data { try data.write(to: path) }
            let app = try AppProcess(display: xvfb.display, arguments: [path.path])
            XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifestFailed } }, item.file)
            let reason = app.trace.events.first { $0.name == .manifestFailed }?.reason ?? ""
            XCTAssertTrue(reason.contains(item.reason), "\(item.file): \(reason)")
            XCTAssertEqual(app.criticals, [], item.file)
            app.stop()
        }
    }
}
