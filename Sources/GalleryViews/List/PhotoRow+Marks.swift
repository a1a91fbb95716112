// Why this exists: a row's or cell's marks: its stars and its pick or reject, and "RAW+JPEG" for a camera's RAW file shown with its JPEG, drawn over the row's end (a cell's thumbnail corner), made only once a photo has any, and said in the row's accessible label.
import AppLanguage
import Gtk
import MetadataValues

extension PhotoRow {
    /// Show the photo's marks (nil or none: nothing), and whether it is a RAW file with its JPEG.
    package func setMarks(_ marks: PhotoMarks?, paired: Bool = false) {
        let marks = marks == PhotoMarks() ? nil : marks
        guard marks != shownMarks || paired != shownPaired else { return }
        shownMarks = marks
        shownPaired = paired
        if marks != nil || paired {
            let label = marksLabel ?? makeMarksLabel()
            label.text = [paired ? PhotoMarksText.paired : "", marks.map(PhotoMarksText.drawn) ?? ""].filter { !$0.isEmpty }.joined(separator: "  ")
            label.visible = !label.text.isEmpty
        } else {
            marksLabel?.visible = false
        }
        updateAccessible()
    }

    private func makeMarksLabel() -> Label {
        let label = Label()
        label.addCSSClass("row-marks")
        label.setAlign(horizontal: .end, vertical: isCell ? .start : .center)
        // Said in the row's own label: the drawn stars would only be read out as symbols.
        label.setAccessible(label: "")
        overlaid().addOverlay(label)
        marksLabel = label
        return label
    }
}

/// A photo's marks in a row: drawn ("★★★★ ✓") and said ("4 stars, picked").
package enum PhotoMarksText {
    /// A camera's RAW file shown with its JPEG, as Shotwell and digiKam mark one (not translated:
    /// the formats' names).
    package static let paired = "RAW+JPEG"

    package static func drawn(_ marks: PhotoMarks) -> String {
        let stars = marks.flag == .reject ? "" : String(repeating: "★", count: marks.rating)
        let flag = marks.flag == .pick ? "✓" : marks.flag == .reject ? "✕" : ""
        return [stars, flag].filter { !$0.isEmpty }.joined(separator: " ")
    }

    package static func spoken(_ marks: PhotoMarks) -> String {
        var parts: [String] = []
        if marks.rating > 0, marks.flag != .reject { parts.append(fill(trn("%s star", "%s stars", marks.rating), "\(marks.rating)")) }
        if marks.flag == .pick { parts.append(tr("picked")) }
        if marks.flag == .reject { parts.append(tr("rejected")) }
        return parts.joined(separator: ", ")
    }

    /// The marks' look, added once for the display.
    package static let css = """
    .row-marks { font-size: 10px; color: white; background-color: rgba(0, 0, 0, 0.6); border-radius: 3px; padding: 0 4px; margin: 2px; }
    """
}
