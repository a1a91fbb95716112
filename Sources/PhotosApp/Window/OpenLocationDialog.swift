// Why this exists: Open Location (Ctrl+L): a folder on a share typed as its address (sftp://, smb://, dav://, davs://), or a gallery's web address, opened in the window; an address the app cannot open is said under the field, and the dialog stays; Escape cancels.
import AppLanguage
import Foundation
import Gtk
import GalleryContents
import GLibIO

@MainActor
final class OpenLocationDialog {
    let window = Window()
    private let entry = Entry()
    private let problem = Label("")
    /// Escape cancels, as in GTK's own dialogs (a plain window has no such key).
    private let keys = KeyController()

    /// Ask over `parent`; `open` gets the address once it is one the app opens.
    static func present(over parent: Window, open: @escaping @MainActor (URL) -> Void) {
        let dialog = OpenLocationDialog(open: open)
        dialog.window.makeDialog(of: parent)
        dialog.window.present()
        _ = dialog.entry.grabFocus()
        dialog.kept = dialog
    }
    /// Kept until closed: GTK holds the window, and the dialog holds itself.
    private var kept: OpenLocationDialog?

    private init(open: @escaping @MainActor (URL) -> Void) {
        window.title = tr("Open Location")
        window.setDefaultSize(width: 480, height: -1)
        let box = Box(.vertical, spacing: 12)
        box.setMargins(18)
        let prompt = Label(tr("Address of a folder on a network share (sftp://, smb://, dav://, davs://) or of a gallery on the web"))
        prompt.setWrap(true)
        prompt.setXAlign(0)
        prompt.setMaxWidthChars(60)
        // An example address: the name of a NAS as it is often called where the user lives.
        entry.setPlaceholder(tr("smb://nas.local/photos"))
        entry.setAccessible(label: tr("Address"))
        problem.setWrap(true)
        problem.setXAlign(0)
        problem.addCSSClass("error")
        problem.visible = false
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlign(horizontal: .end)
        let cancel = Button(label: tr("_Cancel"))
        let confirm = Button(label: tr("_Open"))
        confirm.addCSSClass("suggested-action")
        buttons.append(cancel)
        buttons.append(confirm)
        box.append(prompt)
        box.append(entry)
        box.append(problem)
        box.append(buttons)
        window.setChild(box)
        let submit: @MainActor @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            switch Self.location(self.entry.text) {
            case .success(let url):
                self.close()
                open(url)
            case .failure(let reason):
                self.problem.text = reason.text
                self.problem.visible = true
            }
        }
        confirm.onClicked(submit)
        entry.onActivate(submit)
        cancel.onClicked { [weak self] in self?.close() }
        keys.onKeyPressed { [weak self] key in
            guard key.name == "Escape", let self else { return false }
            self.close()
            return true
        }
        window.addController(keys)
        window.onCloseRequest { [weak self] in
            self?.kept = nil
            return false
        }
    }

    private func close() {
        window.destroy()
        kept = nil
    }

    /// What the typed address opens: a share's folder, a web address, or a path on this computer.
    static func location(_ typed: String) -> Result<URL, LocationProblem> {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(LocationProblem(tr("Type an address."))) }
        if text.hasPrefix("/") || text.hasPrefix("~") { return .success(ManifestLoader.sourceURL(for: (text as NSString).expandingTildeInPath)) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return .failure(LocationProblem(tr("This is not an address.")))
        }
        guard ShareFiles.schemes.contains(scheme) || ["http", "https", "file"].contains(scheme) else {
            return .failure(LocationProblem(fill(tr("Addresses starting “%s:” cannot be opened here."), scheme)))
        }
        guard scheme == "file" || !(url.host ?? "").isEmpty else { return .failure(LocationProblem(tr("The address names no server."))) }
        return .success(url)
    }
}

/// Why a typed address cannot be opened, in the user's words.
struct LocationProblem: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
