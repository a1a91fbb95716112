// Why this exists: Copy (Ctrl+C) of several selected photos: each made as the list shows it (sepia), at full size, written as PNG by an export into a private folder, and the files put on the clipboard, for a file manager, a mail or a document to paste.
import GalleryViews
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

/// One per process, held by the app's services.
@MainActor
final class CopyPhotos {
    /// Most photos copied at once: each is a full-size PNG in the runtime folder (memory, on most
    /// systems). Export Gallery takes more.
    static let most = 100
    /// The most bytes one copy's files may take (the runtime folder is memory on most systems);
    /// CLASSIC_PHOTOS_COPY_BYTES sets another (tests).
    static var byteLimit: Int {
        ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_COPY_BYTES"].flatMap { Int($0) } ?? 512 << 20
    }
    /// The copy being made (its operations report to it).
    private(set) var running: GalleryExport?
    /// The last copy's folder, removed at the next copy and at quit (what was pasted has been copied by then).
    private var folders: [PrivateFolder] = []

    var isRunning: Bool { running != nil }

    func run(_ photos: [ChosenPhoto], widget: Widget, note: WindowNote) {
        guard let gallery = photos.first?.gallery else { return }
        guard photos.count <= Self.most else {
            return note.show(fill(tr("Copy takes at most %s photos at once: export the others"), ViewerPage.number(Self.most)), failed: true)
        }
        guard running == nil else { return note.show(tr("An export is already running"), failed: true) }
        // The clipboard holds one copy at a time: the last copy's files go (a paste has copied them).
        removeFolders()
        guard let folder = PrivateFolder(prefix: "classic-photos-copy") else {
            return note.show(fill(tr("Could not copy the photos: %s"), tr("no private folder could be made")), failed: true)
        }
        folders.append(folder)
        let export: GalleryExport
        do throws(ExportFailure) {
            export = try GalleryExport(gallery: gallery, folder: folder.path, format: .png, sepia: true, rows: photos.map(\.row))
        } catch {
            return note.show(fill(tr("Could not copy the photos: %s"), FailureText.of(StageFailure(error))), failed: true)
        }
        export.byteLimit = Self.byteLimit
        running = export
        export.onEnded = { [weak self, weak widget] in
            self?.running = nil
            let failure = export.failures.first { !$0.failure.isCancelled }
            gallery.trace.emit(.copiedFiles(rows: export.writtenFiles.map(\.row), failed: export.failed, reason: failure?.reason ?? export.stopReason))
            guard let widget, !export.writtenFiles.isEmpty else {
                return note.show(fill(tr("Could not copy the photos: %s"), failure.map { FailureText.of($0.failure) } ?? ""), failed: true)
            }
            Clipboard.set(files: export.writtenFiles.map(\.path), for: widget)
            if export.ending == .stopped, let reason = export.stopReason {
                note.show(fill(tr("Copied %s of %s photos to the clipboard: %s"), ViewerPage.number(export.written), ViewerPage.number(export.total), reason), failed: true)
            } else if export.failed > 0 {
                note.show(fill(tr("Copied %s of %s photos to the clipboard"), ViewerPage.number(export.written), ViewerPage.number(export.total)), failed: true)
            } else {
                note.show(fill(tr("Copied %s photos to the clipboard"), ViewerPage.number(export.written)))
            }
        }
        export.start()
    }

    /// At quit: the files made for copies go.
    func removeFiles() {
        // The window is gone: a copy still running ends without telling it.
        running?.onEnded = nil
        running?.cancel()
        removeFolders()
    }

    private func removeFolders() {
        for folder in folders { folder.remove() }
        folders = []
    }
}
