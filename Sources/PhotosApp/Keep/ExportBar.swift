// Why this exists: a gallery export's bar in the window: "412 of 2,000", the time left once it can be told, Cancel; when it ends, what was written, the photos that failed with their reasons, and Open Folder.
import GalleryViews
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class ExportBar {
    let bar = Box(.vertical, spacing: 6)
    private let top = Box(.horizontal, spacing: 12)
    private let progress = ProgressBar()
    private let label = Label()
    private let failures = Label()
    /// The question when quitting during an export, above the failures.
    private let question = Label()
    private let cancelButton = Button(label: tr("_Cancel"))
    private let openButton = Button(label: tr("Open _Folder"))
    private let closeButton = Button(iconName: "window-close-symbolic")
    private let quitButton = Button(label: tr("_Quit"))
    private var quit: (@MainActor () -> Void)?
    private(set) var export: GalleryExport?
    /// Most failures listed in the bar (the rest are counted).
    static let failuresListed = 20

    init() {
        bar.setMargins(12)
        label.setXAlign(0)
        label.setExpand(horizontal: true)
        // Not wrapped: a wrapping label in a horizontal box measures inconsistently in GTK 4.8
        // (a GtkBox "reports a minimum height" critical); the long texts go in `details` below.
        label.setEllipsize(.end)
        top.append(label)
        top.append(quitButton)
        top.append(cancelButton)
        top.append(openButton)
        top.append(closeButton)
        closeButton.tooltip = tr("Close")
        closeButton.setAccessible(label: tr("Close"))
        bar.append(top)
        bar.append(progress)
        question.setXAlign(0)
        question.setWrap(true)
        question.visible = false
        bar.append(question)
        failures.setXAlign(0)
        failures.setWrap(true)
        failures.setSelectable(true)
        failures.addCSSClass("dim-label")
        bar.append(failures)
        bar.visible = false
        quitButton.visible = false
        quitButton.addCSSClass("destructive-action")
        quitButton.onClicked { [weak self] in self?.quit?() }
        cancelButton.onClicked { [weak self] in self?.export?.cancel() }
        openButton.onClicked { [weak self] in self?.openFolder() }
        closeButton.onClicked { [weak self] in self?.bar.visible = false }
    }

    var isRunning: Bool { export != nil && export?.ending == nil }

    func show(_ export: GalleryExport) {
        self.export = export
        quit = nil
        quitButton.visible = false
        bar.visible = true
        cancelButton.visible = true
        openButton.visible = false
        closeButton.visible = false
        failures.visible = false
        update()
    }

    /// Quitting while it runs: the bar asks, with Quit beside Cancel.
    func askToQuit(_ quit: @escaping @MainActor () -> Void) {
        self.quit = quit
        quitButton.visible = true
        update()
    }

    /// Show a folder (its URI) in the file manager: the app's `show-folder` action.
    var showFolder: (String) -> Void = { _ in }

    func openFolder() {
        guard let export else { return }
        showFolder(URL(fileURLWithPath: export.folder, isDirectory: true).absoluteString)
    }

    /// Counts and time left while it runs; the outcome once it ended.
    func update() {
        guard let export else { return }
        progress.fraction = export.total > 0 ? Double(export.done) / Double(export.total) : 1
        let count = fill(tr("%s of %s"), ViewerPage.number(export.done), ViewerPage.number(export.total))
        guard let ending = export.ending else {
            var text = fill(tr("Exporting: %s"), count)
            if let seconds = export.secondsLeft { text += " · " + Self.timeLeft(seconds) }
            question.visible = quit != nil
            question.text = tr("Quit now? The photos not yet exported will not be.")
            label.text = text
            return
        }
        cancelButton.visible = false
        quitButton.visible = false
        question.visible = false
        quit = nil
        openButton.visible = export.written > 0
        closeButton.visible = true
        let folder = (export.folder as NSString).lastPathComponent
        switch ending {
        case .finished: label.text = fill(tr("Exported %s photos to %s"), ViewerPage.number(export.written), folder)
        case .cancelled: label.text = fill(tr("Export cancelled: %s photos were written to %s"), ViewerPage.number(export.written), folder)
        case .stopped: label.text = fill(tr("The export stopped: %s. %s photos were written."), export.stopFailure.map(FailureText.of) ?? "", ViewerPage.number(export.written))
        }
        let failed = export.failures.filter { !$0.failure.isCancelled }
        failures.visible = !failed.isEmpty
        var lines = failed.prefix(Self.failuresListed).map { fill(tr("%s: %s"), $0.name, FailureText.of($0.failure)) }
        if failed.count > Self.failuresListed { lines.append(fill(tr("and %s more"), ViewerPage.number(failed.count - Self.failuresListed))) }
        failures.text = fill(tr("Not exported (%s):"), ViewerPage.number(failed.count)) + "\n" + lines.joined(separator: "\n")
    }

    static func timeLeft(_ seconds: Double) -> String {
        if seconds < 60 { return fill(tr("%s seconds left"), String(max(1, Int(seconds.rounded())))) }
        return fill(tr("%s minutes left"), String(Int((seconds / 60).rounded(.up))))
    }
}
