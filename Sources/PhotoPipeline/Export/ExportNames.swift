// Why this exists: the file names a saved or exported photo gets: its name made safe for a file system, " (sepia)" when it is, the format's extension, and " (2)" when the name is taken.
import Foundation

public enum ExportNames {
    /// Bytes a name may use before its extension (file systems allow 255 in all).
    static let maxBaseBytes = 200

    /// A photo's name as a file name's base: no slashes, control or invisible characters, no
    /// leading dot (hidden) or dash, trimmed, at most `maxBaseBytes` bytes (cut on a character), and
    /// "Photo" when nothing is left.
    public static func base(for name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in DisplayText.clean(name).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                continue
            default:
                // The display text's stand-in for what it removed is not a name's.
                if scalar == "\u{FFFD}" { continue }
                scalars.append(scalar == "/" || scalar == "\\" ? "-" : scalar)
            }
        }
        var base = String(scalars).trimmingCharacters(in: .whitespaces)
        while let first = base.first, first == "." || first == "-" { base.removeFirst() }
        base = base.trimmingCharacters(in: .whitespaces)
        while base.utf8.count > maxBaseBytes { base.removeLast() }
        return base.isEmpty ? "Photo" : base
    }

    /// The name suggested for one photo: "Coffee (sepia).jpg".
    public static func suggested(for name: String, sepia: Bool, format: ExportFormat) -> String {
        base(for: name) + (sepia ? " (sepia)" : "") + "." + format.fileExtension
    }

    /// Names for a whole gallery, in row order, unique among themselves and against the names in
    /// `taken` (the destination folder's files, compared as the file system does: exactly): the
    /// second "Coffee.jpg" is "Coffee (2).jpg".
    public struct Unique {
        private var taken: Set<String>
        private let format: ExportFormat
        private let sepia: Bool
        /// The number to try next for each base, so a thousand photos called "IMG" cost a thousand tries, not half a million.
        private var nextNumber: [String: Int] = [:]

        public init(taken: Set<String>, format: ExportFormat, sepia: Bool) {
            self.taken = taken
            self.format = format
            self.sepia = sepia
        }

        public mutating func name(for photo: String) -> String {
            let base = ExportNames.base(for: photo) + (sepia ? " (sepia)" : "")
            var candidate = base + "." + format.fileExtension
            var number = nextNumber[base] ?? 2
            while taken.contains(candidate) {
                candidate = "\(base) (\(number)).\(format.fileExtension)"
                number += 1
            }
            nextNumber[base] = number
            taken.insert(candidate)
            return candidate
        }
    }
}
