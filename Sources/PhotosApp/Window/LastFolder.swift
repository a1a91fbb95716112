// Why this exists: what the Open and Open Folder dialogs share: each opens in the folder used last, and remembers the folder of what was chosen.
import GalleryViews
import Foundation
import Gtk

@MainActor
enum LastFolder {
    /// Show `chooser` in the folder used last (else `fallback`, if it is a local folder), then
    /// remember the folder holding what was chosen and open it.
    static func show(_ chooser: FileChooserNative, preferences: AppSettings, fallback: URL?, _ open: @escaping @MainActor (URL) -> Void) {
        let folder = preferences.lastFolder.isEmpty ? fallback : URL(string: preferences.lastFolder)
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
