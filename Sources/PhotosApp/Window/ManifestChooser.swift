// Why this exists: the Open dialog: GtkFileChooserNative with filters for property lists, JSON and all files.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import Gtk

@MainActor
enum ManifestChooser {
    /// Opens in the folder used last (or the one of `source`, the gallery shown); the folder of
    /// the file chosen is remembered.
    static func choose(parent: ApplicationWindow, preferences: AppSettings, near source: URL?, _ open: @escaping @MainActor (URL) -> Void) {
        let chooser = FileChooserNative(title: tr("Open Gallery Manifest"), parent: parent,
                                        acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(name: tr("Gallery manifests"), mimeTypes: ["application/x-plist", "application/json"],
                          patterns: ["*.plist", "*.json"])
        chooser.addFilter(name: tr("Property lists"), mimeTypes: ["application/x-plist"], patterns: ["*.plist"])
        chooser.addFilter(name: tr("JSON"), mimeTypes: ["application/json"], patterns: ["*.json"])
        chooser.addFilter(name: tr("All files"), patterns: ["*"])
        LastFolder.show(chooser, preferences: preferences, fallback: source?.deletingLastPathComponent(), open)
    }
}
