// Why this exists: each class of failure a user meets (a refused network address, a 404, a truncated image, a special file, a missing file, a full disk on export) is told in Korean under LANGUAGE=ko: what the screen reader says for the row, the viewer's message on screen, the export's bar; the trace keeps the stable code and the English words.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class KoreanFailuresAppTests: XCTestCase {
    private func locale(_ name: String) throws -> String {
        let work = TemporaryFiles.url("\(name)-\(UUID().uuidString)")
        return try KoreanAppTests.compileKorean(into: work)
    }

    /// Each named row's accessible description, once every one of `names` has one.
    private func descriptions(_ app: AppProcess, _ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        _ = poll(timeout: 15) {
            found = [:]
            for entry in (try? AccessibleNames.descriptions(app)) ?? [] {
                if let name = names.first(where: { entry.name.hasPrefix($0) }), !entry.description.isEmpty { found[name] = entry.description }
            }
            return found.count == names.count
        }
        return found
    }

    /// Each row's description once every row of `table` has one; each must be Korean, and not the trace's English words.
    private func koreanDescriptions(_ app: AppProcess, _ table: RowTable, file: StaticString = #filePath, line: UInt = #line) -> [String: String] {
        let rows = table.rows.map(\.name)
        let shown = descriptions(app, rows)
        XCTAssertEqual(Set(shown.keys), Set(rows), "every row describes its failure: \(shown)", file: file, line: line)
        let english = Set(app.trace.finalStates.values.compactMap(\.reason))
        for (name, text) in shown {
            XCTAssertFalse(KoreanAppTests.isUntranslated(text, content: []), "\(name): \(text)", file: file, line: line)
            XCTAssertEqual(Self.englishWords(text), [], "\(name): no English word in \(text)", file: file, line: line)
            XCTAssertFalse(english.contains(text), "\(name): the English reason: \(text)", file: file, line: line)
        }
        return shown
    }

    /// The English words in a Korean `text`: Latin words outside “quotes” (a file's name) and
    /// addresses, less the names of formats and protocols, which Korean writes so too.
    static func englishWords(_ text: String) -> [String] {
        var rest = text
        while let open = rest.firstIndex(of: "“"), let close = rest[open...].firstIndex(of: "”") { rest.removeSubrange(open...close) }
        let names: Set<String> = ["HTTP", "HTTPS", "JPEG", "PNG", "GIF", "WEBP", "WebP", "TIFF", "HEIF", "AVIF", "SVG", "BMP", "ICO", "TLS", "URL", "FIFO", "ICC", "EXIF"]
        return rest.split(whereSeparator: { $0.isWhitespace || "(),:;".contains($0) })
            .filter { !$0.contains("://") && !$0.contains(".") }
            .flatMap { $0.split(whereSeparator: { !$0.isASCII || !$0.isLetter }) }
            .map(String.init).filter { $0.count >= 2 && !names.contains($0) }
    }

    func testNetworkFailuresAreKorean() throws {
        let base = NetworkFixtureRun.publicBase
        let table = RowTable([("missing-on-server", "\(base)/files/none.png", "code:http"),
                              ("cut-short", "\(base)/files/cut.png", "code:truncated"),
                              ("loopback", "http://127.0.0.1:8080/photos/horse.png", "code:blocked")])
        let run = try NetworkFixtureRun(manifests: ["korean.json": table.json])
        try SamplePhotos.data("coffee.png").prefix(2000).write(to: run.folder.appendingPathComponent("cut.png"))
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: "\(base)/files/korean.json",
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": try locale("korean-network")])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 30)
        table.assertEnded(app)
        XCTAssertEqual(app.trace.finalStates[0]?.reason, "HTTP 404 Not Found", "the trace keeps the English")
        let shown = koreanDescriptions(app, table)
        XCTAssertTrue(shown["missing-on-server"]?.contains("HTTP 404 찾을 수 없음") == true, "the status in Korean: \(shown)")

        // On screen: the viewer opened on the 404 says why in Korean.
        // (The window's title is Korean and the app runs under the fixture, so it is found as the one visible window.)
        let window = try XCTUnwrap(try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "."]).split(separator: "\n").first)
        try xvfb.run("xdotool", ["windowfocus", "--sync", String(window)])
        // (Bars above the list move its rows: the row is found where AT-SPI says it is.)
        let row = try XCTUnwrap(try AccessibleNames.extents(app, ofNameStartingWith: "missing-on-server"), "the row is on screen")
        try xvfb.run("xdotool", ["mousemove", String(row.x + row.width / 3), String(row.y + row.height / 2), "click", "1"])
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == "이 사진을 보여 줄 수 없습니다: HTTP 404 찾을 수 없음" } },
                      "the viewer's message: \(((try? AccessibleNames.read(app)) ?? []).map(\.name)) \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    func testLocalFailuresAreKorean() throws {
        let directory = TemporaryFiles.url("korean-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("pipe.png").path, 0o644), 0)
        try SamplePhotos.data("rocket.jpg").prefix(3000).write(to: directory.appendingPathComponent("cut.jpg"))
        try Data("not a photo, a note\n".utf8).write(to: directory.appendingPathComponent("note.jpg"))
        let table = RowTable([("special-file", "pipe.png", "code:special-file"),
                              ("gone-file", "gone.png", "code:missing-file"),
                              ("cut-file", "cut.jpg", "code:truncated"),
                              ("text-file", "note.jpg", "code:undecodable"),
                              ("bad-scheme", "ftp://example.org/a.png", "code:refused-address")])
        let manifest = directory.appendingPathComponent("local.json")
        try Data(table.json.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path],
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": try locale("korean-local")])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 20)
        table.assertEnded(app)
        XCTAssertEqual(app.trace.finalStates[1]?.reason, "“gone.png”: No such file or directory", "the trace keeps the C library's English")
        let shown = koreanDescriptions(app, table)
        XCTAssertTrue(shown["special-file"]?.contains("“pipe.png”") == true, "the file's name stays: \(shown)")
        // A text file named .jpg: the app's words, not the JPEG library's English; the trace keeps that.
        XCTAssertEqual(shown["text-file"], "읽을 수 있는 이미지가 아닙니다: JPEG 데이터가 손상되었거나 JPEG 파일이 아닙니다", "\(shown)")
        XCTAssertEqual(app.trace.finalStates[3]?.reason,
                       "not a readable image: the JPEG data is damaged, or it is not a JPEG file (Error interpreting JPEG image file (Not a JPEG file: starts with 0x6e 0x6f))")
        XCTAssertEqual(app.criticals, [])
    }

    /// A manifest that cannot be read says why in Korean, with the line at fault.
    func testABrokenManifestIsKorean() throws {
        let directory = TemporaryFiles.url("korean-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("broken.json")
        try Data("[\n  {\"name\": \"a\", \"url\": \"a.png\"},\n  {\"name\": \"b\" \"url\": \"b.png\"}\n]\n".utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path],
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": try locale("korean-manifest")])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.name == .manifestFailed } }, "the manifest failed: \(app.recentEvents())")
        guard case .manifestFailed(let reason, _)? = app.trace.events.last(where: { $0.name == .manifestFailed })?.event else { return XCTFail("no manifest-failed") }
        XCTAssertEqual(reason, "line 3, entry “#2”: malformed JSON: expected “,” or “}” in an object", "the trace keeps the English")
        let korean = "3번째 줄, 항목 “#2”: 잘못된 JSON: 객체 안에 “,” 또는 “}”이(가) 와야 합니다"
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains(korean) } },
                      "the bar says why in Korean: \(((try? AccessibleNames.read(app)) ?? []).map(\.name).filter { $0.contains("broken") })")
        XCTAssertEqual(app.criticals, [])
    }

    /// A full disk (a 1 MB tmpfs, mounted in a mount namespace of the app's own) stops the export; the bar says why in Korean.
    func testAFullDiskIsKorean() throws {
        let directory = TemporaryFiles.url("korean-full-\(UUID().uuidString)")
        let out = directory.appendingPathComponent("small-disk")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestImages.noiseJPEG(width: 400, height: 300).write(to: directory.appendingPathComponent("noise.jpg"))
        let json = "[" + (0..<40).map { "{\"name\": \"Noise \($0)\", \"url\": \"noise.jpg\"}" }.joined(separator: ",") + "]"
        try Data(json.utf8).write(to: directory.appendingPathComponent("noise.json"))
        let xvfb = try Xvfb()
        // The tmpfs exists only in the app's mount namespace: it goes when the app does.
        let mountAndRun = ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                           "mount -t tmpfs -o size=1m tmpfs \"$0\" && exec \"$@\"", out.path]
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, "--export-original", directory.appendingPathComponent("noise.json").path],
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": try locale("korean-full")], wrapper: mountAndRun)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(app.recentEvents())")
        let ended = app.trace.events.last { $0.name == .exportEnded }?.event
        guard case .exportEnded(_, _, _, let outcome, let reason)? = ended else { return XCTFail("no export-ended") }
        XCTAssertEqual(outcome, .stopped)
        XCTAssertEqual(reason, "the disk is full", "the trace keeps the English")
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("내보내기가 멈췄습니다: 디스크가 가득 찼습니다.") } },
                      "the bar says why in Korean: \(((try? AccessibleNames.read(app)) ?? []).map(\.name).filter { $0.contains("내보내기") })")
        XCTAssertEqual(app.criticals, [])
    }
}
