// Why this exists: the Open dialog: GtkFileChooserNative with filters for property lists, JSON and all files.
import CGtk
import Foundation
import Gtk

@MainActor
enum ManifestChooser {
    static func choose(parent: ApplicationWindow, startIn current: URL?, _ completion: @escaping @MainActor (String?) -> Void) {
        let chooser = FileChooserNative(title: tr("Open Gallery Manifest"), parent: parent,
                                        acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(name: tr("Gallery manifests"), mimeTypes: ["application/x-plist", "application/json"],
                          patterns: ["*.plist", "*.json"])
        chooser.addFilter(name: tr("Property lists"), mimeTypes: ["application/x-plist"], patterns: ["*.plist"])
        chooser.addFilter(name: tr("JSON"), mimeTypes: ["application/json"], patterns: ["*.json"])
        chooser.addFilter(name: tr("All files"), patterns: ["*"])
        if let current, current.isFileURL {
            chooser.setCurrentFolder(path: current.deletingLastPathComponent().path)
        }
        chooser.show(completion)
    }
}
