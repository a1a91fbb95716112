// Why this exists: a folder shown with its subfolders kept up to date in the real app: a subfolder added (with one inside it), renamed and removed while open adds, renames and removes its photos, each new subfolder watched in its turn; and with the system's limit on file watches lowered (in a user namespace of the test's own), the window names the folders it cannot follow.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class SubfolderChangesAppTests: XCTestCase {
    /// top.png, a/one.png, a/b/two.png, Day 1/five.png.
    static func makeTree(subfolders extra: Int = 0) throws -> URL {
        let root = TemporaryFiles.url("subfolder-changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Day 1"), withIntermediateDirectories: true)
        for (path, sample) in [("top.png", "brick.png"), ("a/one.png", "coffee.png"), ("a/b/two.png", "horse.png"), ("Day 1/five.png", "grass.png")] {
            try SamplePhotos.data(sample).write(to: root.appendingPathComponent(path))
        }
        for index in 0..<extra {
            let folder = root.appendingPathComponent(String(format: "f%02d", index))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try SamplePhotos.data("camera.png").write(to: folder.appendingPathComponent("p\(index).png"))
        }
        return root
    }

    /// The rows' names on screen (AT-SPI), among `names`.
    static func rowNames(_ app: AppProcess, among names: [String]) -> Set<String> {
        Set(((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in names.first { label.hasPrefix($0 + ", ") } })
    }

    static func totals(_ app: AppProcess) -> [Int] {
        app.trace.events.compactMap { if case .folderChanged(_, _, _, let total) = $0.event { return total } else { return nil } }
    }

    func testASubfolderAddedRenamedAndRemovedWhileOpen() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let every = ["top.png", "a/one.png", "a/b/two.png", "Day 1/five.png", "New/six.png", "New/Inner/seven.png", "New/Inner/eight.png",
                     "z/one.png", "z/b/two.png", "z/b/nine.png"]
        let xvfb = try Xvfb()
        // A grid: every photo of the test is on screen at once.
        let app = try AppProcess(display: xvfb.display, arguments: ["--subfolders", "--view", "grid", root.path])
        defer { app.stop() }
        func shows(_ expected: Set<String>, _ what: String) {
            XCTAssertTrue(poll(timeout: 30) { Self.rowNames(app, among: every) == expected },
                          "\(what): \(Self.rowNames(app, among: every)), changes \(Self.totals(app))")
        }
        shows(["top.png", "a/one.png", "a/b/two.png", "Day 1/five.png"], "listed")

        // Added: a folder and one inside it, each with a photo written at once (before or
        // after the app watches them), then one more photo in the inner folder.
        let inner = root.appendingPathComponent("New/Inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try SamplePhotos.data("present.png").write(to: root.appendingPathComponent("New/six.png"))
        try SamplePhotos.data("camera.png").write(to: inner.appendingPathComponent("seven.png"))
        shows(["top.png", "a/one.png", "a/b/two.png", "Day 1/five.png", "New/six.png", "New/Inner/seven.png"], "a subfolder added")
        try SamplePhotos.data("brick.png").write(to: inner.appendingPathComponent("eight.png"))
        shows(["top.png", "a/one.png", "a/b/two.png", "Day 1/five.png", "New/six.png", "New/Inner/seven.png", "New/Inner/eight.png"],
              "the new subfolder is followed")

        // Renamed: its photos follow, and it is still followed under its new name.
        try FileManager.default.moveItem(at: root.appendingPathComponent("a"), to: root.appendingPathComponent("z"))
        shows(["top.png", "z/one.png", "z/b/two.png", "Day 1/five.png", "New/six.png", "New/Inner/seven.png", "New/Inner/eight.png"], "a subfolder renamed")
        try SamplePhotos.data("coffee.png").write(to: root.appendingPathComponent("z/b/nine.png"))
        shows(["top.png", "z/one.png", "z/b/two.png", "z/b/nine.png", "Day 1/five.png", "New/six.png", "New/Inner/seven.png", "New/Inner/eight.png"],
              "the renamed subfolder is followed")

        // Removed, with what is in it.
        try FileManager.default.removeItem(at: root.appendingPathComponent("New"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Day 1"))
        shows(["top.png", "z/one.png", "z/b/two.png", "z/b/nine.png"], "subfolders removed")
        XCTAssertEqual(Self.totals(app).last, 4, "the trace's count agrees")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "every photo loads")
        XCTAssertEqual(app.criticals, [])
    }

    /// The limit on watches lowered for a user namespace of the test's own (the machine's stays):
    /// the folders past it are named in the window and the trace; the rest are still followed.
    func testTheWatchLimitReachedNamesTheFoldersNotFollowed() throws {
        let root = try Self.makeTree(subfolders: 12)
        defer { try? FileManager.default.removeItem(at: root) }
        let xvfb = try Xvfb()
        let limit = 6
        let app = try AppProcess(display: xvfb.display, arguments: ["--subfolders", root.path],
                                 wrapper: ["/usr/bin/unshare", "--user", "--map-root-user", "/bin/sh", "-c",
                                           "echo \(limit) > /proc/sys/user/max_inotify_watches && exec \"$@\"", "sh"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .notFollowed } }, app.stderr.suffix(500) + app.recentEvents())
        let (count, names) = app.trace.events.compactMap { record -> (Int, [String])? in
            if case .notFollowed(let count, let names) = record.event { return (count, names.split(separator: "\n").map(String.init)) } else { return nil }
        }.last ?? (0, [])
        // 15 subfolders and the folder itself, at most `limit` watched; the folder first.
        XCTAssertGreaterThanOrEqual(count, 16 - limit, "\(names)")
        let subfolders = ["a", "a/b", "Day 1"] + (0..<12).map { String(format: "f%02d", $0) }
        XCTAssertTrue(!names.isEmpty && names.allSatisfy(subfolders.contains), "subfolders, by their paths: \(names)")
        XCTAssertTrue(poll(timeout: 15) {
            ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains("limit on watched folders") && $0.name.contains(names[0]) }
        }, "the window says which folders are not followed")
        // The folder itself is still followed.
        try SamplePhotos.data("present.png").write(to: root.appendingPathComponent("added.png"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.totals(app).last == 17 }, "a photo added to the folder arrives: \(Self.totals(app))")
        XCTAssertEqual(app.criticals, [])
    }
}
