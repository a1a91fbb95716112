// Why this exists: names and titles come from whoever wrote the gallery; shown as text they must not hide or reorder what is around them: characters that override the direction of text, end a line, or take no space are shown as a visible mark, and a name set among other words keeps its own direction.
import Foundation

public enum DisplayText {
    /// Characters that can reorder or hide text: the bidirectional embeddings, overrides and
    /// isolates (U+202A–202E, U+2066–2069), the direction marks (U+200E, U+200F, U+061C), the
    /// line and paragraph separators (U+2028, U+2029), and the invisible spaces and joiners that
    /// make two names look alike (U+200B, U+2060, U+FEFF, U+180E). The zero-width joiner and
    /// non-joiner (U+200C, U+200D) stay: emoji and several scripts need them.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0x200B, 0x2060, 0xFEFF, 0x180E: true
        default: false
        }
    }

    /// Unicode's control characters (general category Cc) are exactly U+0000–U+001F and
    /// U+007F–U+009F.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with every control character and every hidden one shown as U+FFFD (a visible mark).
    public static func clean(_ text: String) -> String {
        // Printable ASCII (most names) holds neither: one pass over its bytes.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { isControl($0) || isHidden($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) || isHidden($0) ? "\u{FFFD}" : $0 }))
    }

    /// `text` in its own direction, whatever surrounds it (FIRST STRONG ISOLATE … POP
    /// DIRECTIONAL ISOLATE, as GTK's file chooser sets file names in its messages).
    public static func isolate(_ text: String) -> String { "\u{2068}" + text + "\u{2069}" }

    /// One pass over UTF-8 bytes: does `text` hold a hidden character? (The common names hold
    /// none and are not copied.)
    package static func containsHidden(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch (beforePrevious, previous, byte) {
            case (0xE2, 0x80, 0xAA...0xAE), (0xE2, 0x81, 0xA6...0xA9), (0xE2, 0x80, 0x8E), (0xE2, 0x80, 0x8F),
                 (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9), (0xE2, 0x80, 0x8B), (0xE2, 0x81, 0xA0), (0xEF, 0xBB, 0xBF),
                 (0xE1, 0xA0, 0x8E): return true
            default: break
            }
            if previous == 0xD8 && byte == 0x9C { return true } // U+061C
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
