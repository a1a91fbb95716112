// Why this exists: Export Gallery…: the folder chooser with the format, sepia and Include location as its choices, then the gallery's export on the export queue, shown in the window's bar and, when it ends, in a desktop notification with Open Folder.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline
import GLibDesktop
import PhotoTrace

@MainActor
final class ExportGallery {
    let bar = ExportBar()
    private let parent: ApplicationWindow
    private let application: Application
    private let preferences: AppSettings
    private let note: WindowNote

    init(parent: ApplicationWindow, application: Application, preferences: AppSettings, note: WindowNote) {
        self.parent = parent
        self.application = application
        self.preferences = preferences
        self.note = note
        bar.showFolder = { [application] uri in application.activateAction("show-folder", uri) }
    }

    var isRunning: Bool { bar.isRunning }
    func cancel() { bar.export?.cancel() }

    /// While an export runs, quitting asks first (in the bar): true if it asked. `quit` runs once
    /// the user says Quit and the cancelled export has ended (its operations in flight have
    /// reported: none is cut off halfway through a file by the process ending).
    func askBeforeQuitting(_ quit: @escaping @MainActor () -> Void) -> Bool {
        guard isRunning else { return false }
        bar.askToQuit { [weak self] in
            guard let self else { return }
            self.quitWhenEnded = quit
            self.cancel()
        }
        return true
    }

    /// Set when the user chose Quit during an export.
    private var quitWhenEnded: (@MainActor () -> Void)?

    /// The chooser, then the export of `gallery`: only `rows` (a selection) when given.
    func choose(_ gallery: PhotoGallery?, rows: [Int]? = nil) {
        guard let gallery, gallery.count > 0 else { return note.show(tr("There are no photos to export"), failed: true) }
        guard !isRunning else { return note.show(tr("An export is already running"), failed: true) }
        let title = rows.map { fill(tr("Export %s Selected Photos"), ViewerPage.number($0.count)) } ?? tr("Export Gallery")
        let chooser = FileChooserNative(title: title, parent: parent, acceptLabel: tr("_Export"),
                                        cancelLabel: tr("_Cancel"), folder: true)
        chooser.addChoice(id: "format", label: tr("Format"), options: SavePhoto.filters.map { ($0.format.rawValue, $0.name) },
                          selected: preferences.exportFormat.rawValue)
        chooser.addChoice(id: "sepia", label: tr("Photos"), options: [("sepia", tr("Sepia")), ("original", tr("Original"))], selected: "sepia")
        chooser.addChoice(id: "location", label: tr("Include location"), selected: preferences.exportKeepsLocation ? "true" : "false")
        let folder = preferences.lastSaveFolder.isEmpty ? UserFolders.pictures : preferences.lastSaveFolder
        if FileManager.default.fileExists(atPath: folder) { chooser.setCurrentFolder(path: folder) }
        chooser.show { [weak self] uri in
            guard let self, let uri, let url = URL(string: uri), url.isFileURL else { return }
            let format = chooser.choice("format").flatMap(ExportFormat.init(rawValue:)) ?? .jpeg
            self.preferences.exportFormat = format
            self.preferences.lastSaveFolder = url.path
            let location = chooser.choice("location") == "true"
            self.preferences.exportKeepsLocation = location
            self.start(gallery, folder: url.path, format: format, sepia: chooser.choice("sepia") != "original", keepsLocation: location, rows: rows)
        }
    }

    /// Export every row of `gallery` (or only `rows`) to `folder` (also the command line's and the tests' way in).
    func start(_ gallery: PhotoGallery, folder: String, format: ExportFormat, sepia: Bool, keepsLocation: Bool, rows: [Int]? = nil) {
        let export: GalleryExport
        do throws(ExportFailure) {
            export = try GalleryExport(gallery: gallery, folder: folder, format: format, sepia: sepia, keepsLocation: keepsLocation, rows: rows)
        } catch {
            return note.show(fill(tr("Could not export to %s: %s"), folder, FailureText.of(StageFailure(error))), failed: true)
        }
        export.onProgress = { [weak self] in self?.bar.update() }
        export.onEnded = { [weak self] in self?.ended(export) }
        bar.show(export)
        export.start()
    }

    private func ended(_ export: GalleryExport) {
        bar.update()
        if let quit = quitWhenEnded {
            quitWhenEnded = nil
            return quit()
        }
        guard export.ending != .cancelled else { return }
        let folder = (export.folder as NSString).lastPathComponent
        let title = export.ending == .finished ? fill(tr("Exported %s photos to %s"), ViewerPage.number(export.written), folder)
                                               : fill(tr("The export stopped: %s"), export.stopFailure.map(FailureText.of) ?? "")
        let failed = export.failures.filter { !$0.failure.isCancelled }.count
        application.sendNotification(id: "export", title: title,
                                     body: failed > 0 ? fill(tr("%s photos could not be exported."), ViewerPage.number(failed)) : nil,
                                     defaultAction: "app.show-export",
                                     // The folder travels with the button: it works after the app has quit (D-Bus activation).
                                     buttons: [(tr("Open Folder"), "app.show-folder", URL(fileURLWithPath: export.folder, isDirectory: true).absoluteString)])
    }
}
