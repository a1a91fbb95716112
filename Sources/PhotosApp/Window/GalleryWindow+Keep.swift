// Why this exists: the window's side of keeping a result, or not: Save As, Copy, Print, Set as Background, Open With, Move to Trash, Rotate and Export Gallery act on the photo or gallery it shows, and its note says what came of it.
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import MetadataValues
import GLibRuntime
import PhotoDecoding
import PhotoPipeline

extension GalleryWindow {
    private var chosenPhoto: ChosenPhoto? {
        let photo = PhotoChoice.current(viewer: pages.current == .viewer ? viewerPage.viewer : nil, list: list)
        if photo == nil { note.show(tr("Choose a photo first"), failed: true) }
        return photo
    }

    func savePhoto() {
        guard let photo = chosenPhoto else { return }
        SavePhoto(parent: window, preferences: services.preferences, note: note).run(photo)
    }

    func printPhoto() {
        guard let photo = chosenPhoto else { return }
        PrintPhoto(parent: window, note: note).run(photo)
    }

    func setBackground() { if let photo = chosenPhoto { SetBackground(note: note).run(photo) } }

    /// Copy: the viewer's photo or the focused row's as an image; two or more selected rows as files.
    func copyPhoto() {
        if let several = selectedPhotos {
            guard !exporter.isRunning else { return note.show(tr("An export is already running"), failed: true) }
            return services.copies.run(several, widget: window, note: note)
        }
        guard let photo = chosenPhoto else { return }
        CopyPhoto(widget: window, note: note).run(photo)
    }

    /// The list's selection when it holds two photos or more, and the viewer is not shown (a
    /// plain click selects one row as it opens the viewer: one row is not a choice of several).
    var selectedPhotos: [ChosenPhoto]? {
        guard pages.current != .viewer, list.listView.selectedRows.count >= 2 else { return nil }
        let photos = PhotoChoice.several(viewer: nil, list: list)
        return photos.count >= 2 ? photos : nil
    }

    /// The photo's file in another app the user picks: only the user's own photos, and only a
    /// file that decoded as an image (never a script or a text a gallery names).
    func openPhotoWith() {
        guard let photo = chosenPhoto else { return }
        guard photo.isUsersOwnFile, photo.wasDecoded else {
            return note.show(tr("Only a photo on this computer can be opened in another app"), failed: true)
        }
        OpenWithChooser.present(photo, parent: window, note: note)
    }

    /// The viewer's photo, else the list's selection, else its focused row.
    private var chosenPhotos: [ChosenPhoto] {
        let photos = PhotoChoice.several(viewer: pages.current == .viewer ? viewerPage.viewer : nil, list: list)
        if photos.isEmpty { note.show(tr("Choose a photo first"), failed: true) }
        return photos
    }

    func trashPhoto() { if case let photos = chosenPhotos, !photos.isEmpty { trash.trash(photos) } }
    /// Move Rejects to Trash: every photo shown that is marked rejected, with one Undo.
    /// Their rows are found by the folder's watcher, and each is checked to be its photo still.
    func trashRejects() {
        guard let gallery, gallery.manifest.format == .folder else { return }
        let none = tr("No photo shown is marked rejected")
        let paths = gallery.markedPaths { $0.flag == .reject }
        guard !paths.isEmpty else { return note.show(none, failed: false) }
        follower.rows(ofPaths: paths) { [weak self, weak gallery] rows in
            guard let self, let gallery, self.gallery === gallery else { return }
            let found = rows.filter { gallery.row($0.value, isAt: $0.key) }.map(\.value).sorted()
            let photos = found.compactMap { PhotoChoice.row($0, of: gallery, sepia: false) }
            guard !photos.isEmpty else { return self.note.show(none, failed: false) }
            self.trash.trash(photos)
        }
    }
    func deletePhoto() { if case let photos = chosenPhotos, !photos.isEmpty { trash.deletePermanently(photos) } }
    /// Rotate; in the viewer the picture turns at once, and back if the turn is refused.
    func rotatePhoto(_ turn: QuarterTurn) {
        let photos = chosenPhotos
        guard !photos.isEmpty else { return }
        guard pages.current == .viewer, photos.count == 1, photos[0].folderFilePath != nil else {
            return RotatePhotos(note: note, edits: edits, decoders: services.decoders, shared: services.caches.shared, trace: services.trace).turn(photos, turn)
        }
        viewerPage.turn.start(turn, row: photos[0].row)
        RotatePhotos(note: note, edits: edits, decoders: services.decoders, shared: services.caches.shared, trace: services.trace).turn(photos, turn) { [weak viewerPage] in viewerPage?.turn.refused() }
    }

    /// Rate, Pick, Reject, Unflag: the viewer's photo, the selection or the focused row.
    func markPhotos(_ change: MarksChange) {
        let photos = chosenPhotos
        guard !photos.isEmpty else { return }
        marking.mark(photos, change)
    }

    /// Rate, Flag and Tags, a photo on a share followed by its row and the filter.
    private var marking: MarkPhotos {
        MarkPhotos(note: note, edits: edits, decoders: services.decoders, shared: services.caches.shared, trace: services.trace,
                   markedOnShare: { [weak self] url, marks in self?.markedOnShare(url, marks: marks) })
    }

    /// Tags (Ctrl+T): asked for, then added to or removed from the same photos.
    func tagPhotos() {
        let photos = chosenPhotos
        guard !photos.isEmpty else { return }
        let present: @MainActor ([String]) -> Void = { [weak self] used in
            guard let self else { return }
            TagsDialog.present(over: self.window, count: photos.count, used: used) { [weak self] change in self?.marking.mark(photos, change) }
        }
        // A share's: those of its photos read so far.
        if gallery?.manifest.format == .share { present(shareTagsUsed) } else { follower.tagsUsed(present) }
    }

    /// Export: the selection when it holds two photos or more, else the whole gallery.
    func exportGallery() {
        guard !services.copies.isRunning else { return note.show(tr("An export is already running"), failed: true) }
        exporter.choose(gallery, rows: selectedPhotos?.map(\.row))
    }

    /// `--export-to FOLDER`: the first gallery loaded is exported there.
    func exportAsAsked() {
        guard let folder = services.options.exportFolder, !exportStartedFromCommandLine, let gallery else { return }
        exportStartedFromCommandLine = true
        exporter.start(gallery, folder: folder, format: services.options.exportFormat, sepia: services.options.exportSepia,
                       keepsLocation: services.options.exportKeepsLocation)
    }


    /// Quit, unless an export runs: then its bar asks first.
    func quit(_ quit: @escaping @MainActor () -> Void) {
        if exporter.askBeforeQuitting(quit) { return }
        quit()
    }
}
