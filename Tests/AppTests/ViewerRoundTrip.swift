// Why this exists: the app tests' ways through the viewer: give the list the keyboard focus (open a row with a click, go back with Escape, wait until the list is laid out again: a key pressed before that is lost in GTK), and show a row's original photo (a click, then S).
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
        try xvfb.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
        XCTAssertTrue(trace.wait(timeout: 10) { $0.dropFirst(before).contains { if case .viewer(_, .opened) = $0.event { return true } else { return false } } },
                      "the click opened the viewer; the trace ends:\n\(recentEvents())", file: file, line: line)
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(trace.wait(timeout: 10) { events in
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
}
