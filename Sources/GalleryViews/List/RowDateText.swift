// Why this exists: what a row's tooltip says of its photo's date in a folder sorted by date: when it was taken, or that it has no date taken and its modification time stands in, in the user's locale.
import AppLanguage
import Foundation
import PhotoPipeline
import GalleryContents

@MainActor
package enum RowDateText {
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }()

    /// Row `position`'s date, if its dates are read.
    package static func date(_ dates: [RowDate]?, at position: Int) -> RowDate? {
        guard let dates, dates.indices.contains(position) else { return nil }
        return dates[position]
    }

    /// The text for a row's date (nil: not read).
    package static func text(_ date: RowDate?) -> String? {
        guard let date, let taken = date.taken else { return nil }
        switch taken {
        case .exif(let seconds, _):
            return fill(tr("Taken %s"), formatter.string(from: Date(timeIntervalSince1970: seconds)))
        case .none:
            let modified = date.modified
            guard modified > 0 else { return tr("No date taken or modified") }
            // Translators: a photo with no date taken in its EXIF sorts by its file's time.
            return fill(tr("No date taken: sorted by its modification time, %s"),
                        formatter.string(from: Date(timeIntervalSince1970: Double(modified) / 1_000_000)))
        }
    }
}
