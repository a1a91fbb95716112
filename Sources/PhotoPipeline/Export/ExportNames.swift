// Why this exists: the file names a saved or exported photo gets: its name (without an image file's extension) made safe for the file system it goes to (Windows' reserved characters replaced on FAT, exFAT, NTFS and shares), " (sepia)" when it is, the format's extension, and " (2)" when the name is taken.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoTrace

public enum ExportNames {
    /// Bytes a name may use before its extension (file systems allow 255 in all).
    static let maxBaseBytes = 200

    /// What FAT, exFAT, NTFS and Windows shares refuse in a name (the file manager replaces them
    /// with "_" when it copies there, and so does an export).
    static let windowsReserved: Set<Unicode.Scalar> = [":", "?", "*", "\"", "<", ">", "|"]

    /// A photo's name as a file name's base: no slashes, control or invisible characters, no
    /// leading dot (hidden) or dash, trimmed, at most `maxBaseBytes` bytes (cut on a character), and
    /// "Photo" when nothing is left. For a Windows file system (`windowsNames`), no character it
    /// refuses, and no dot or space at the end.
    public static func base(for name: String, windowsNames: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in DisplayText.clean(name).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                continue
            default:
                // The display text's stand-in for what it removed is not a name's.
                if scalar == "\u{FFFD}" { continue }
                if windowsNames, windowsReserved.contains(scalar) { scalars.append("_"); continue }
                scalars.append(scalar == "/" || scalar == "\\" ? "-" : scalar)
            }
        }
        var base = String(scalars).trimmingCharacters(in: .whitespaces)
        while let first = base.first, first == "." || first == "-" { base.removeFirst() }
        base = base.trimmingCharacters(in: .whitespaces)
        while base.utf8.count > maxBaseBytes { base.removeLast() }
        if windowsNames { while let last = base.last, last == "." || last == " " { base.removeLast() } }
        return base.isEmpty ? "Photo" : base
    }

    /// Extensions of the images a gallery shows (a folder's rows are named by their files).
    static let imageExtensions: Set<String> = Set(["jpg", "jpeg", "jpe", "png", "webp", "gif", "heic", "heif", "avif", "tif", "tiff", "bmp", "svg", "jxl"])
        .union(CameraFile.rawExtensions)

    /// A photo's name as the base of the file it is written to: "IMG_1234.JPG" as "IMG_1234"
    /// (the file gets its own format's extension), made safe as `base` makes it.
    public static func photoBase(for name: String, windowsNames: Bool = false) -> String {
        base(for: withoutImageExtension(name), windowsNames: windowsNames)
    }

    static func withoutImageExtension(_ name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        guard !stem.isEmpty, stem != name, imageExtensions.contains((name as NSString).pathExtension.lowercased()) else { return name }
        return stem
    }

    /// The name suggested for one photo: "Coffee (sepia).jpg".
    public static func suggested(for name: String, sepia: Bool, format: ExportFormat) -> String {
        photoBase(for: name) + (sepia ? " (sepia)" : "") + "." + format.fileExtension
    }

    /// Names for a whole gallery, in row order, unique among themselves and against the names in
    /// `taken` (the destination folder's files, compared as the file system does: exactly): the
    /// second "Coffee.jpg" is "Coffee (2).jpg".
    public struct Unique {
        private var taken: Set<String>
        private let format: ExportFormat
        private let sepia: Bool
        private let windowsNames: Bool
        /// The number to try next for each base, so a thousand photos called "IMG" cost a thousand tries, not half a million.
        private var nextNumber: [String: Int] = [:]

        /// `windowsNames`: the folder's file system keeps Windows' rules (`ExportFolder.windowsNames`);
        /// names are then also compared without regard to case, as it compares them.
        public init(taken: Set<String>, format: ExportFormat, sepia: Bool, windowsNames: Bool = false) {
            self.windowsNames = windowsNames
            self.taken = windowsNames ? Set(taken.map { $0.lowercased() }) : taken
            self.format = format
            self.sepia = sepia
        }

        public mutating func name(for photo: String) -> String {
            let base = ExportNames.photoBase(for: photo, windowsNames: windowsNames) + (sepia ? " (sepia)" : "")
            var candidate = base + "." + format.fileExtension
            var number = nextNumber[base] ?? 2
            func key(_ name: String) -> String { windowsNames ? name.lowercased() : name }
            while taken.contains(key(candidate)) {
                candidate = "\(base) (\(number)).\(format.fileExtension)"
                number += 1
            }
            nextNumber[base] = number
            taken.insert(key(candidate))
            return candidate
        }
    }
}
