// Why this exists: the Open Folder dialog: GtkFileChooserNative choosing a folder of photos to open as a gallery.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import Gtk

@MainActor
enum FolderChooser {
    /// Opens in the folder used last; the folder holding the one chosen is remembered.
    static func choose(parent: ApplicationWindow, preferences: AppSettings, _ open: @escaping @MainActor (URL) -> Void) {
        let chooser = FileChooserNative(title: tr("Open Folder"), parent: parent, acceptLabel: tr("_Open"),
                                        cancelLabel: tr("_Cancel"), folder: true)
        LastFolder.show(chooser, preferences: preferences, fallback: nil, open)
    }
}
