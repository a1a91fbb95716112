// Why this exists: the Open dialog: GtkFileChooserNative with filters for property lists, JSON and all files.
import Foundation
import GLibRuntime
import Gtk

@MainActor
enum ManifestChooser {
    /// `folder`: where the dialog opens (the folder used last), if it is a local folder.
    static func choose(parent: ApplicationWindow, startIn folder: URL?, _ completion: @escaping @MainActor (String?) -> Void) {
        let chooser = FileChooserNative(title: tr("Open Gallery Manifest"), parent: parent,
                                        acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(name: tr("Gallery manifests"), mimeTypes: ["application/x-plist", "application/json"],
                          patterns: ["*.plist", "*.json"])
        chooser.addFilter(name: tr("Property lists"), mimeTypes: ["application/x-plist"], patterns: ["*.plist"])
        chooser.addFilter(name: tr("JSON"), mimeTypes: ["application/json"], patterns: ["*.json"])
        chooser.addFilter(name: tr("All files"), patterns: ["*"])
        if let folder, folder.isFileURL, FileManager.default.fileExists(atPath: folder.path) {
            chooser.setCurrentFolder(path: folder.path)
        }
        chooser.show(completion)
    }
}
