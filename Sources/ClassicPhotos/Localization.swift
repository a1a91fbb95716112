// Why this exists: every UI string goes through gettext; this sets up the text domain and gives the lookup a short name.
import CGtk
import Foundation
import PhotoPipeline

/// Translate a UI string (gettext).
func tr(_ text: String) -> String {
    String(cString: g_dgettext(AppInfo.gettextPackage, text))
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
