// Why this exists: a folder of the user's own photos opened as a gallery in the real app: only its images, in the file manager's order, each loading like any row; a photo opened from the file manager shows in the viewer over its folder; an empty folder says so.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class FolderAppTests: XCTestCase {
    /// A folder of sample photos named to test the order (numbers, case), with what a folder
    /// gallery must leave out beside them: a hidden photo, a text file, a subfolder, a link
    /// that loops and a FIFO (reading one would block). A link to a photo is a photo.
    func photoFolder() throws -> URL {
        let folder = TemporaryFiles.url("folder-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("Trip"), withIntermediateDirectories: true)
        for (name, sample) in [("IMG_10.jpg", "rocket.jpg"), ("IMG_9.jpg", "retina.jpg"), ("beach.png", "coffee.png"),
                               ("Attic.png", "brick.png"), (".hidden.png", "present.png"), ("Trip/inside.png", "horse.png")] {
            try SamplePhotos.data(sample).write(to: folder.appendingPathComponent(name))
        }
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try fm.createSymbolicLink(at: folder.appendingPathComponent("linked.png"), withDestinationURL: SamplePhotos.directory.appendingPathComponent("camera.png"))
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        return folder
    }

    /// The photos' names in the order the file manager sorts them, asked of GLib itself (the
    /// same locale as the app's), so the test states the file manager's rule, not ours.
    func fileManagerOrder(_ names: [String]) throws -> [String] {
        let script = "import sys; from gi.repository import GLib; print('\\n'.join(sorted(sys.argv[1:], key=lambda n: GLib.utf8_collate_key_for_filename(n, -1))))"
        let output = try Tool.run("/usr/bin/python3", ["-c", script] + names, environment: ["LC_ALL": "C.UTF-8"], timeout: 30)
        return output.output.split(separator: "\n").map(String.init)
    }

    /// The rows' names as the list shows them to assistive technologies, top to bottom.
    func rowNames(_ app: AppProcess, among names: [String]) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in
            names.first { label.hasPrefix($0 + ", ") }
        }
    }

    func testAFolderListsItsPhotosInTheFileManagersOrderAndEachLoads() throws {
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = ["IMG_10.jpg", "IMG_9.jpg", "beach.png", "Attic.png", "linked.png"]
        let expected = try fileManagerOrder(photos)
        XCTAssertLessThan(expected.firstIndex(of: "IMG_9.jpg")!, expected.firstIndex(of: "IMG_10.jpg")!, "numbers sort as numbers")

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "the folder opened: \(app.stderr.suffix(400))")
        XCTAssertEqual(app.trace.events.compactMap { if case .folderListed(let photos, let skipped, _, _) = $0.event { return [photos, skipped] } else { return nil } },
                       [[5, 5]], "five photos; the hidden one, the text, the subfolder, the loop and the FIFO left out")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<5).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every photo of the folder loads: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app, among: photos) == expected },
                      "rows in the file manager's order: \(rowNames(app, among: photos)), expected \(expected)")
        XCTAssertEqual(app.criticals, [])
    }

    func testOpeningAPhotoShowsItOverItsFolderAndBackShowsItsRow() throws {
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try fileManagerOrder(["IMG_10.jpg", "IMG_9.jpg", "beach.png", "Attic.png", "linked.png"])
        let row = try XCTUnwrap(expected.firstIndex(of: "beach.png"))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.appendingPathComponent("beach.png").path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .viewer(row: row, action: .opened) } },
                      "the viewer opened on the photo: \(app.trace.events.filter { $0.name == .viewer || $0.name == .manifest }.map(\.event))")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(row, _, _, _, _, _) = $0.event { return true } else { return false } } },
                      "and shows it")
        XCTAssertEqual(app.trace.events.compactMap { if case .manifest(let rows, _) = $0.event { return rows } else { return nil } }, [5],
                       "its folder is the gallery")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: row, action: .closed) } }, "Back")
        // Visible rows are traced as [first, last].
        XCTAssertTrue(app.trace.wait(timeout: 15) { events in
            events.last { $0.name == .visible || $0.name == .scrollEnd }?.event.range?.contains(row) ?? false
        }, "its row is on screen: \(app.trace.events.filter { [.visible, .scrollEnd, .page, .viewer].contains($0.name) }.map(\.event))")
        XCTAssertEqual(app.criticals, [])
    }

    func testAFolderWithoutPhotosSaysSo() throws {
        let folder = TemporaryFiles.url("empty-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        try Data("text".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } })
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in app.trace.pages.last == "empty" }, "the empty page: \(app.trace.pages)")
        let name = folder.lastPathComponent
        XCTAssertTrue(poll(timeout: 15) {
            ((try? AccessibleNames.read(app)) ?? []).map(\.name).contains("No photos in “\u{2068}\(name)\u{2069}”.")
        }, "it says the folder has no photos: \(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        XCTAssertEqual(app.criticals, [])
    }

    /// Open Folder (Ctrl+Alt+O), the folder's path typed into the chooser's location, Enter.
    func testAFolderChosenInTheOpenFolderDialogOpens() throws {
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "ctrl+alt+o"])
        XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains("Open Folder") }, "the dialog appeared")
        let dialog = try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "Open Folder"]).split(separator: "\n").first.map(String.init) ?? ""
        try xvfb.run("xdotool", ["windowfocus", "--sync", dialog, "key", "ctrl+l"])
        try xvfb.run("xdotool", ["type", "--delay", "5", folder.path + "/"])
        try xvfb.run("xdotool", ["key", "Return"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { events in
            events.contains { $0.name == .manifest && $0.manifestRows == 5 && ($0.manifestSource ?? "").hasPrefix(folder.absoluteString) }
        }, "the chosen folder opened: \(app.trace.events.filter { $0.name == .manifest || $0.name == .manifestFailed }.map(\.event)); windows: \(app.visibleWindowTitles(on: xvfb))")
        XCTAssertEqual(app.criticals, [])
    }

    /// A folder of 100,000 photos (links to the samples) opens, its first rows before the listing
    /// ends, and End reaches its last row, which loads; one of its photos opened shows in the viewer.
    func testAHundredThousandPhotoFolderReachesItsLastRowWithEnd() throws {
        let folder = TemporaryFiles.url("folder-100k-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = SamplePhotos.directory.appendingPathComponent("present.png").path
        // Zero-padded, so the last row is the last name.
        for index in 0..<100_000 { XCTAssertEqual(symlink(target, folder.appendingPathComponent(String(format: "photo %06d.png", index)).path), 0) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .manifest(100_000, _) = $0.event { return true } else { return false } } },
                      "all 100,000 listed: \(app.stderr.suffix(400))")
        // Listing 100,000 takes longer than a first frame: the first photos found showed first,
        // and the rest were merged in; the list stayed at the top, on the folder's first photo.
        XCTAssertTrue(app.trace.events.contains { $0.name == .folderGrew },
                      "the rows showed before the listing ended: \(app.trace.events.filter { [.rows, .folderGrew, .folderListed].contains($0.name) }.map(\.event))")
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("photo 000000.png, ") } },
                      "the folder's first photo has a row: \(((try? AccessibleNames.read(app)) ?? []).filter { $0.name.hasPrefix("photo") }.prefix(3).map(\.name))")
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in
            events.last { $0.name == .visible || $0.name == .scrollEnd }?.event.range?.lowerBound == 0
        }, "the list is at its top: \(String(describing: app.trace.events.last { $0.name == .visible }?.event))")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered })
        try app.focusListThroughTheViewer(xvfb, y: 300)
        try xvfb.run("xdotool", ["key", "End"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[99_999]?.state == .filtered },
                      "the last row loads; last rest: \(String(describing: app.trace.events.last { $0.name == .scrollEnd || $0.name == .visible }?.event))")
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("photo 099999.png, ") } },
                      "and shows it")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        // A photo far down the folder opened from the file manager: the viewer opens on it once
        // the whole folder is listed, not only if it was among the first rows shown.
        let opened = try AppProcess(display: xvfb.display, arguments: [folder.appendingPathComponent("photo 050000.png").path])
        defer { opened.stop() }
        XCTAssertTrue(opened.trace.wait(timeout: 60) { $0.contains { $0.event == .viewer(row: 50_000, action: .opened) } },
                      "the viewer opened on row 50,000: \(opened.trace.events.filter { [.viewer, .manifest, .manifestFailed].contains($0.name) }.map(\.event))")
        XCTAssertEqual(opened.criticals, [])
    }
}
