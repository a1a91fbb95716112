// Why this exists: Save As (Ctrl+S): the chooser suggests the photo's name with " (sepia)" in the Pictures folder or the one used last; the photo is written at full size in the format its name or the chooser's filter says, with its metadata, and the note says where or why not.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline
import GLibDesktop
import PhotoTrace

@MainActor
struct SavePhoto {
    let parent: ApplicationWindow
    let preferences: AppSettings
    let note: WindowNote

    /// The chooser's filters, by their names, and the format each means.
    static var filters: [(name: String, format: ExportFormat)] {
        [(tr("JPEG image"), .jpeg), (tr("PNG image"), .png), (tr("WebP image"), .webp)]
    }

    func run(_ photo: ChosenPhoto) {
        let suggested = ExportNames.suggested(for: photo.name, sepia: photo.sepia, format: .jpeg)
        let chooser = FileChooserNative(title: tr("Save Photo"), parent: parent, acceptLabel: tr("_Save"), cancelLabel: tr("_Cancel"),
                                        save: true, suggestedName: suggested)
        for filter in Self.filters { chooser.addFilter(name: filter.name, mimeTypes: [filter.format.mimeType]) }
        let folder = preferences.lastSaveFolder.isEmpty ? UserFolders.pictures : preferences.lastSaveFolder
        if FileManager.default.fileExists(atPath: folder) { chooser.setCurrentFolder(path: folder) }
        chooser.show { uri in
            guard let uri, let url = URL(string: uri), url.isFileURL else { return }
            var path = url.path
            // The name's extension decides; a name without one takes the filter's format and
            // its extension (a name the chooser did not ask about, so it is never replaced).
            var replacing = true
            let format: ExportFormat
            if let named = ExportFormat(fileName: path) {
                format = named
            } else {
                format = Self.filters.first { $0.name == chooser.selectedFilterName }?.format ?? .jpeg
                path += "." + format.fileExtension
                replacing = false
            }
            preferences.lastSaveFolder = (path as NSString).deletingLastPathComponent
            save(photo, to: ExportTarget(path: path, replacing: replacing), format: format)
        }
    }

    private func save(_ photo: ChosenPhoto, to target: ExportTarget, format: ExportFormat) {
        // Save As keeps all of the photo's metadata, its location too: the file stays the user's own.
        let work = PhotoExport(photo.source(), to: target, format: format, sepia: photo.sepia, settings: photo.gallery.settings, held: photo.held,
                               metadata: .keep(location: true))
        KeepOperation.run(work, for: photo) { [note] outcome in
            let reason: String?
            switch outcome {
            case .written?: reason = nil
            case .failed(let why)?: reason = why.description
            default: reason = "cancelled"
            }
            photo.gallery.trace.emit(.saved(row: photo.row, path: target.path, format: format, sepia: photo.sepia, reason: reason))
            if let reason {
                FileHandle.standardError.write(Data("classic-photos: could not save \(target.path): \(reason)\n".utf8))
                note.show(fill(tr("Could not save the photo: %s"), reason), failed: true)
            } else if case (.failed, let why?)? = work.kept.withLock({ $0 }) {
                note.show(fill(tr("Saved to %s, without its details: %s"), target.path, why.translated))
            } else {
                note.show(fill(tr("Saved to %s"), target.path))
            }
        }
    }
}
