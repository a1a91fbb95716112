// Why this exists: the app tests' way into the viewer: a click on the top row of a fresh window (under Xvfb, which has no window manager, the window sits at the screen's origin), tried again while the window is still settling.
import Foundation
import PhotoPipeline

extension AppProcess {
    /// Click the top row until the viewer opens, at most three tries: with `row`, until it shows
    /// that row's full image; without, until it opens once more than before. True once it did.
    public func openViewerByClick(on xvfb: Xvfb, showing row: Int? = 0) throws -> Bool {
        let openedBefore = trace.events.filter { if case .viewer(_, .opened) = $0.event { true } else { false } }.count
        for _ in 0..<3 {
            try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
            let opened = trace.wait(timeout: 10) { events in
                if let row { return events.contains { if case .fullImage(row, _, _, _, _, _) = $0.event { true } else { false } } }
                return events.filter { if case .viewer(_, .opened) = $0.event { true } else { false } }.count > openedBefore
            }
            if opened { return true }
        }
        return false
    }

    /// The size of the first full image the viewer showed of `row`, as [width, height].
    public func fullImageSize(row: Int) -> [Int]? {
        trace.events.lazy.compactMap { if case .fullImage(row, let width, let height, _, _, _) = $0.event { [width, height] } else { nil } }.first
    }
}
