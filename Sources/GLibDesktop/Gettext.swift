// Why this exists: gettext through GLib (g_dgettext), and binding the app's text domain, so the app needs no C import for translations.
import GLibRuntime
import CGLib

public enum Gettext {
    /// Bind `domain` to the locale folder (if any) and make it the default, after setlocale.
    public static func setUp(domain: String, localeDirectory: String?) {
        setlocale(LC_ALL, "")
        if let localeDirectory { bindtextdomain(domain, localeDirectory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// The translation of `text` in `domain`, or `text` itself.
    public static func translate(_ text: String, domain: String) -> String {
        // gettext returns the msgid pointer itself when there is no translation, so the C string
        // must stay alive while the result is read.
        text.withCString { msgid in
            guard let translated = g_dgettext(domain, msgid), translated != msgid else { return text }
            return String(cString: translated)
        }
    }

    /// The translation of `singular`/`plural` for `count` in `domain` (gettext's plural forms).
    public static func translate(_ singular: String, plural: String, count: Int, domain: String) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let translated = g_dngettext(domain, one, many, gulong(max(0, count))) else { return count == 1 ? singular : plural }
                if translated == one { return singular }
                if translated == many { return plural }
                return String(cString: translated)
            }
        }
    }
}
