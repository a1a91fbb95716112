// Why this exists: the Open Folder dialog: GtkFileChooserNative choosing a folder of photos to open as a gallery.
import Foundation
import GLibRuntime
import Gtk

@MainActor
enum FolderChooser {
    /// Opens in the folder used last; the folder holding the one chosen is remembered.
    static func choose(parent: ApplicationWindow, preferences: AppSettings, _ open: @escaping @MainActor (URL) -> Void) {
        let folder = preferences.lastFolder.isEmpty ? nil : URL(string: preferences.lastFolder)
        let chooser = FileChooserNative(title: tr("Open Folder"), parent: parent, acceptLabel: tr("_Open"),
                                        cancelLabel: tr("_Cancel"), folder: true)
        if let folder, folder.isFileURL, FileManager.default.fileExists(atPath: folder.path) {
            chooser.setCurrentFolder(path: folder.path)
        }
        chooser.show { uri in
            guard let uri, let url = URL(string: uri) else { return }
            if url.isFileURL { preferences.lastFolder = url.deletingLastPathComponent().absoluteString }
            open(url)
        }
    }
}
