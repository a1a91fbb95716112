// Why this exists: under LANGUAGE=ko every visible string of the window, the menu, the shortcuts window and the About dialog is Korean, read from the app's own accessible text.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoDecoding

final class KoreanAppTests: XCTestCase {
    /// Compile po/ko.po into a locale folder the app is pointed at.
    static func compileKorean(into directory: URL) throws -> String {
        let messages = directory.appendingPathComponent("locale/ko/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let msgfmt = try Tool.run("/usr/bin/msgfmt", ["-o", messages.appendingPathComponent("classic-photos.mo").path,
                                                      SamplePhotos.repositoryRoot.appendingPathComponent("po/ko.po").path], timeout: 30)
        XCTAssertEqual(msgfmt.status, 0)
        return directory.appendingPathComponent("locale").path
    }

    /// The app's accessible names over AT-SPI, read on its own session bus.
    func accessibleNames(_ app: AppProcess) throws -> [(role: String, name: String)] {
        try AccessibleNames.read(app).map { ($0.role, $0.name) }
    }

    /// A name is English UI text if it has an English word and no Hangul.
    static func isUntranslated(_ name: String, content: Set<String>) -> Bool {
        if content.contains(name) { return false }                        // photo names: the manifest's content
        if name.hasPrefix("Gtk") && !name.contains(" ") { return false }  // GTK's fallback name for unnamed widgets
        if name.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) { return false }
        // Key legends as GTK's shortcuts window draws them (GTK's own labels; the keys of a
        // Korean keyboard are engraved so too).
        let allowed: Set<String> = ["Ctrl", "Shift", "Alt", "F5", "F10", "JSON", "MIT", "NASA", "CC0", AppInfo.version,
                                    "Escape", "Page", "Down", "Home", "End", "Delete"]
        let words = name.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
        return words.contains { !allowed.contains($0) && !$0.hasPrefix("http") }
    }

    func testEveryVisibleStringIsKorean() throws {
        let work = TemporaryFiles.url("korean-\(UUID().uuidString)")
        let locale = try Self.compileKorean(into: work)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [],
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": locale])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, "stderr: \(app.stderr)")

        // The primary menu, the shortcuts window and the About dialog, opened as a user would.
        // The app's windows as X sees them, by ID (GTK maps a popover as windows of its own), once
        // they have settled: windows GTK maps for a moment as it starts (five at this point in
        // one loaded run, three later) would otherwise hide the popover's, or pass for it. The
        // pointer is first taken off the window (Xvfb starts it in the middle of the screen, over
        // a row, whose tooltip is a window of its own too).
        try xvfb.run("xdotool", ["mousemove", "1279", "1023"])
        var before = app.visibleWindowIDs(on: xvfb)
        for _ in 0..<20 {
            usleep(300_000)
            let now = app.visibleWindowIDs(on: xvfb)
            if now == before { break }
            before = now
        }
        try xvfb.run("xdotool", ["key", "F10"])
        var names: [(role: String, name: String)] = []
        // Opened means mapped as X sees it, not only present in the accessible tree (GTK builds the
        // menu's widgets before it shows them): an Escape sent before the popover maps is lost.
        var popover: Set<String> = []
        XCTAssertTrue(poll(timeout: 10) { popover = app.visibleWindowIDs(on: xvfb).subtracting(before); return !popover.isEmpty },
                      "the primary menu is mapped")
        let menuClosed = { app.visibleWindowIDs(on: xvfb).isDisjoint(with: popover) }
        XCTAssertTrue(poll(timeout: 10) { names = (try? self.accessibleNames(app)) ?? []; return names.contains { $0.name == "끝내기(Q)" } },
                      "the primary menu opened")
        try xvfb.screenshot(to: app.directory.appendingPathComponent("ko-menu.png").path)
        // The menu closed before the shortcut: a key pressed while its popover is still closing
        // goes to the popover and is lost (the shortcuts window never opened, under load).
        // An Escape that reaches the popover before its keyboard focus does is lost too: sent again.
        try xvfb.run("xdotool", ["key", "Escape"])
        if !poll(timeout: 3, menuClosed) { try xvfb.run("xdotool", ["key", "Escape"]) }
        XCTAssertTrue(poll(timeout: 10, menuClosed),
                      "the primary menu closed: its windows \(popover), now \(app.visibleWindowIDs(on: xvfb)) (\(app.visibleWindowTitles(on: xvfb)))")
        try xvfb.run("xdotool", ["key", "ctrl+question"])
        XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains("키보드 바로 가기") }, "the shortcuts window opened")
        names += try accessibleNames(app)
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(poll(timeout: 10) { !app.visibleWindowTitles(on: xvfb).contains("키보드 바로 가기") }, "the shortcuts window closed")
        let beforeAbout = app.visibleWindowIDs(on: xvfb)
        try app.activateAction("about")
        XCTAssertTrue(poll(timeout: 10) { !app.visibleWindowIDs(on: xvfb).subtracting(beforeAbout).isEmpty }, "the About dialog opened")
        names += try accessibleNames(app)
        try xvfb.screenshot(to: app.directory.appendingPathComponent("ko-about.png").path)

        try names.map { "\($0.role)\t\($0.name)" }.joined(separator: "\n")
            .write(to: app.directory.appendingPathComponent("ko-names.txt"), atomically: true, encoding: .utf8)
        let all = Set(names.map(\.name))
        // Mnemonic underscores are not part of the accessible names.
        for expected in ["클래식 사진", "예제 갤러리", "열기(O)", "세피아", "열기(O)…", "새로 고침(R)", "키보드 바로 가기(K)",
                         "클래식 사진 정보(A)", "끝내기(Q)", "갤러리 매니페스트 열기", "키보드 바로 가기 보기", "창 닫기"] {
            XCTAssertTrue(all.contains(expected) || all.contains { $0.contains(expected) }, "“\(expected)” is shown")
        }
        let content = Set(SamplePhotosManifest.names)
        // The application's accessible name is its program name, classic-photos: not UI text.
        let untranslated = names.filter { $0.role != "application" && Self.isUntranslated($0.name, content: content) }
        XCTAssertEqual(untranslated.map { "\($0.role): \($0.name)" }, [], "strings left in English")
        XCTAssertGreaterThan(names.count, 40, "the accessible tree was read")
        XCTAssertEqual(app.criticals, [])
    }

    /// Run as the README runs it (the binary in the build folder, nothing installed, no locale
    /// folder given), LANGUAGE=ko shows Korean: the app compiles the source tree's ko.po for itself.
    func testARunFromTheSourceTreeShowsTheUsersLanguage() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [], environment: ["LANGUAGE": "ko"])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), "stderr: \(app.stderr)")
        var names: [String] = []
        XCTAssertTrue(poll(timeout: 10) { names = ((try? self.accessibleNames(app)) ?? []).map(\.name); return names.contains("예제 갤러리 · 사진 19장") || names.contains { $0.contains("예제 갤러리") } },
                      "the header in Korean: \(names.prefix(30))")
        XCTAssertTrue(names.contains { $0.contains("열기(O)") }, "the Open button in Korean")
        let compiled = app.directory.appendingPathComponent("cache/classic-photos/locale/ko/LC_MESSAGES/classic-photos.mo").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: compiled), "compiled into the user's cache")
        XCTAssertEqual(app.criticals, [])
    }

    /// A failure's reason is the user's language too: in the row's description (what a screen
    /// reader says, and its tooltip), made from the failure's cause, while the trace keeps the
    /// English words. An empty file and a PNG declaring 30000 × 30000 pixels.
    func testFailureReasonsAreKorean() throws {
        let work = TemporaryFiles.url("korean-failures-\(UUID().uuidString)")
        let locale = try Self.compileKorean(into: work)
        let folder = work.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("a-empty.png"))
        try TestImages.pngBomb().write(to: folder.appendingPathComponent("b-huge.png"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["LANGUAGE": "ko", "CLASSIC_PHOTOS_LOCALE_DIR": locale])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in (0...1).allSatisfy { app.trace.finalStates[$0]?.state == .failed } },
                      "both rows fail: \(app.trace.finalStates.mapValues { $0.reason ?? "" })")
        let english = (0...1).compactMap { app.trace.finalStates[$0]?.reason }
        XCTAssertEqual(english.count, 2)
        XCTAssertTrue(english[1].contains("too large"), "the trace keeps the English words: \(english)")
        var descriptions: [(name: String, description: String)] = []
        let shown = poll(timeout: 10) {
            descriptions = ((try? AccessibleNames.descriptions(app)) ?? []).filter { $0.name.hasPrefix("a-empty.png") || $0.name.hasPrefix("b-huge.png") }
            return descriptions.count == 2
        }
        XCTAssertTrue(shown, "both rows describe their failure: \(descriptions)")
        for (name, description) in descriptions {
            XCTAssertFalse(Self.isUntranslated(description, content: []), "\(name): \(description)")
            XCTAssertFalse(english.contains(description), "\(name): not the English reason")
        }
        XCTAssertTrue(descriptions.contains { $0.description.contains("30000 × 30000") }, "the details stay: \(descriptions)")
        XCTAssertEqual(app.criticals, [])
    }
}

/// The sample gallery's photo names (content, not UI text).
enum SamplePhotosManifest {
    static var names: [String] {
        guard let text = try? String(contentsOf: SamplePhotos.sampleManifest, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "<key>").dropFirst().compactMap { $0.components(separatedBy: "</key>").first }
    }

}
