// Why this exists: the C library's words for an errno, always in English (the C locale's), so the trace reads the same whatever language the user runs the app in; the app translates from the code.
import Foundation

public enum SystemError {
    /// "No such file or directory" for ENOENT, whatever LANGUAGE or LC_MESSAGES say. (A failure
    /// is rare: the C locale is made for each call rather than kept in a global.)
    public static func english(_ code: Int32) -> String {
        guard let c = newlocale(Int32(1) << LC_ALL, "C", nil) else { return "error \(code)" }   // LC_ALL_MASK
        defer { freelocale(c) }
        guard let text = strerror_l(code, c) else { return "error \(code)" }
        return String(cString: text)
    }
}
