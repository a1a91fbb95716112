// Why this exists: every UI string goes through gettext; this sets up the text domain and gives the lookup a short name.
import CGtk
import Foundation
import PhotoPipeline

/// Translate a UI string (gettext).
func tr(_ text: String) -> String {
    // gettext returns the msgid pointer itself when there is no translation, so the C string
    // must stay alive while the result is read.
    text.withCString { msgid in
        guard let translated = g_dgettext(AppInfo.gettextPackage, msgid), translated != msgid else { return text }
        return String(cString: translated)
    }
}

/// Fill a translated template's `%s` placeholders in order (translators may not reorder them;
/// String(format:) with `%@` and Swift strings crashes on this Foundation).
func fill(_ template: String, _ values: String...) -> String {
    var result = ""
    var remaining = values[...]
    var rest = template[...]
    while let range = rest.range(of: "%s") {
        result += rest[..<range.lowerBound]
        result += remaining.popFirst() ?? ""
        rest = rest[range.upperBound...]
    }
    return result + rest
}

enum Localization {
    /// Bind the text domain to the installed locale folder, or the build tree's, before any UI string.
    static func setUp() {
        setlocale(LC_ALL, "")
        if let directory = DataLocations.localeDirectory {
            bindtextdomain(AppInfo.gettextPackage, directory)
        }
        bind_textdomain_codeset(AppInfo.gettextPackage, "UTF-8")
        textdomain(AppInfo.gettextPackage)
    }
}
