// Why this exists: every UI string goes through gettext; this sets up the text domain and gives the lookup a short name.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoPipeline
import GLibDesktop

/// Translate a UI string (gettext).
package func tr(_ text: String) -> String {
    Gettext.translate(text, domain: AppInfo.gettextPackage)
}

/// Translate a string with a count (gettext's plural forms: Korean has one, English two).
package func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Gettext.translate(singular, plural: plural, count: count, domain: AppInfo.gettextPackage)
}

/// Fill a translated template's placeholders: `%1$s`, `%2$s`, … by position (a translator may
/// put them in any order), or plain `%s` in order.
package func fill(_ template: String, _ values: String...) -> String { Words.fill(template, values) }

extension Words {
    /// In the user's language.
    package var translated: String { worded(tr, plural: trn) }
}

package enum Localization {
    /// Bind the text domain to the installed locale folder, or the build tree's, before any UI string.
    package static func setUp() {
        Gettext.setUp(domain: AppInfo.gettextPackage, localeDirectory: DataLocations.localeDirectory)
    }
}
