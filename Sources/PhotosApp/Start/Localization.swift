// Why this exists: every UI string goes through gettext; this sets up the text domain and gives the lookup a short name.
import Foundation
import GLibRuntime
import PhotoPipeline

/// Translate a UI string (gettext).
func tr(_ text: String) -> String {
    Gettext.translate(text, domain: AppInfo.gettextPackage)
}

/// Translate a string with a count (gettext's plural forms: Korean has one, English two).
func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Gettext.translate(singular, plural: plural, count: count, domain: AppInfo.gettextPackage)
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
        Gettext.setUp(domain: AppInfo.gettextPackage, localeDirectory: DataLocations.localeDirectory)
    }
}
