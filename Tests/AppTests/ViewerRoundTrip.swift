// Why this exists: the app tests' ways through the viewer: give the list the keyboard focus (open a row with a click, go back with Escape, wait until the list is laid out again: a key pressed before that is lost in GTK), show a row's original photo (a click, then S), and save the photo shown through the real chooser.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

extension AppProcess {
    /// Click the row under (`x`, `y`), which opens the viewer; Escape goes back to the list,
    /// which then has the focus. Returns once the list has been laid out again (a `visible`
    /// event after the viewer closed): GtkListView pages by its own allocation, so a Page Down
    /// or End sent before that layout does nothing.
    func focusListThroughTheViewer(_ xvfb: Xvfb, x: Int = 300, y: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let window = try mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        let before = trace.events.count
        // A click can land before the list takes input on a loaded machine: up to three, as a user would.
        var opened = false
        for _ in 0..<3 where !opened {
            try xvfb.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
            opened = trace.wait(timeout: 20) { $0.dropFirst(before).contains { if case .viewer(_, .opened) = $0.event { return true } else { return false } } }
        }
        // Three clicks that opened nothing (BigManifestAppTests, in loaded runs of the README's
        // test command) landed on a row's edge, which selected without opening: RowInsets
        // made the whole row the click's (RowClickAppTests).
        XCTAssertTrue(opened, "the click opened the viewer; the app's windows: \(visibleWindowTitles(on: xvfb)), "
                      + "the pointer: \((try? xvfb.run("xdotool", ["getmouselocation", "--shell"]))?.split(separator: "\n").joined(separator: " ") ?? "?"), "
                      + "the window: \((try? xvfb.run("xdotool", ["getwindowgeometry", window]))?.split(separator: "\n").joined(separator: " ") ?? "?"); "
                      + "the trace ends:\n\(recentEvents())", file: file, line: line)
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(trace.wait(timeout: 30) { events in
            guard let closed = events.dropFirst(before).firstIndex(where: { if case .viewer(_, .closed) = $0.event { return true } else { return false } })
            else { return false }
            return events[closed...].contains { $0.name == .visible }
        }, "Escape closed the viewer and the list was laid out again; the trace ends:\n\(recentEvents())", file: file, line: line)
    }

    /// Click the row under (`x`, `y`), which opens the viewer on row `row` in sepia, then press S
    /// for its original; returns once the original is shown.
    func showOriginalInViewer(_ xvfb: Xvfb, row: Int = 0, x: Int = 300, y: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let window = try mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
        XCTAssertTrue(trace.wait(timeout: 30) { $0.contains { if case .fullImage(row, _, _, true, _, _) = $0.event { true } else { false } } },
                      "the viewer shows the photo in sepia: \(recentEvents())", file: file, line: line)
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(trace.wait(timeout: 30) { $0.contains { if case .fullImage(row, _, _, false, _, _) = $0.event { true } else { false } } },
                      "S: the original: \(recentEvents())", file: file, line: line)
    }

    /// Save As (Ctrl+S) on the photo the viewer shows, through the real chooser: `path` typed
    /// over the suggested name, then Return. Returns the name it suggested.
    @discardableResult
    func saveShownPhoto(as path: String, _ xvfb: Xvfb, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        try xvfb.run("xdotool", ["key", "ctrl+s"])
        XCTAssertTrue(poll(timeout: 10) { visibleWindowTitles(on: xvfb).contains("Save Photo") }, "the Save dialog", file: file, line: line)
        func nameField() -> AccessibleNames.Focused? {
            (try? AccessibleNames.focused(self))?.first { $0.role == "text" && $0.name == "Name:" }
        }
        XCTAssertTrue(poll(timeout: 10) { nameField() != nil }, "the name field has the focus", file: file, line: line)
        let suggested = nameField()?.text
        try xvfb.run("xdotool", ["key", "ctrl+a"])
        try xvfb.run("xdotool", ["type", "--delay", "20", path])
        XCTAssertTrue(poll(timeout: 10) { nameField()?.text == path }, "the name field holds \(path)", file: file, line: line)
        try xvfb.run("xdotool", ["key", "Return"])
        return suggested
    }
}
