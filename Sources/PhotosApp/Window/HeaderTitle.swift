// Why this exists: the header bar's two-line title: "Classic Photos" and, under it, the gallery's name (GTK 4 has no subtitle of its own).
import AppLanguage
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoDecoding

@MainActor
final class HeaderTitle {
    let container = Box(.vertical, spacing: 0)
    private let title = Label(AppInfoStrings.appName)
    private let subtitle = Label()

    init() {
        container.setAlign(vertical: .center)
        title.addCSSClass("title")
        subtitle.addCSSClass("subtitle")
        subtitle.setEllipsize(.middle)
        subtitle.visible = false
        container.append(title)
        container.append(subtitle)
    }

    var titleText: String {
        get { title.text }
        set { if title.text != newValue { title.text = newValue } }
    }

    var subtitleText: String {
        get { subtitle.text }
        set {
            subtitle.text = newValue
            subtitle.visible = !newValue.isEmpty
        }
    }
}

enum AppInfoStrings {
    static var appName: String { tr("Classic Photos") }
    static let gettextDomain = AppInfo.gettextPackage
}
