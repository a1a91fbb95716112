// Why this exists: the question where bubblewrap cannot run: decode photos without the sandbox, or keep them closed. It says plainly what is lost (a photo made to attack a decoder could read files; with Landlock, only the system's), that the choice is remembered and can be withdrawn in the main menu; closing it keeps photos closed.
import AppLanguage
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline

@MainActor
final class SandboxConsentDialog {
    let window = Window()
    private var answered = false

    /// Show the question over `parent`; `answer` gets the choice once (false: kept closed).
    static func present(over parent: Window, why: Words, landlock: Bool, answer: @escaping (Bool) -> Void) {
        let dialog = SandboxConsentDialog(why: why, landlock: landlock, answer: answer)
        dialog.window.makeDialog(of: parent)
        dialog.window.present()
        // Kept until answered: GTK holds the window, and the dialog holds itself.
        dialog.keptUntilAnswered = dialog
    }
    private var keptUntilAnswered: SandboxConsentDialog?

    private init(why: Words, landlock: Bool, answer: @escaping (Bool) -> Void) {
        window.title = tr("Decode Photos Without a Sandbox?")
        window.setDefaultSize(width: 480, height: -1)
        let box = Box(.vertical, spacing: 12)
        box.setMargins(18)
        let heading = Label(tr("Photos cannot be opened safely here"))
        heading.addCSSClass("title-3")
        heading.setXAlign(0)
        let lost = landlock
            ? tr("Without it, each photo is still decoded in a process of its own that cannot reach the network, start programs or write files, and Landlock keeps it from your files. A photo made to attack an image decoder could still read the system's files that process reads, and what you open next.")
            : tr("Without it, each photo is still decoded in a process of its own that cannot reach the network, start programs or write files. But this system has no Landlock either: a photo made to attack an image decoder could read your files.")
        let paragraphs = [
            Label(fill(tr("Classic Photos decodes every photo in a sandbox, so that a photo made to attack an image decoder reaches nothing of yours. The sandbox cannot run here: %1$s."), why.translated)),
            Label(lost),
            Label(tr("Your choice is remembered; you can change it in the main menu.")),
        ]
        for label in paragraphs {
            label.setWrap(true)
            label.setXAlign(0)
            label.setMaxWidthChars(60)
        }
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlign(horizontal: .end)
        let keep = Button(label: tr("_Keep Photos Closed"))
        let allow = Button(label: tr("_Decode Without Sandbox"))
        allow.addCSSClass("destructive-action")
        buttons.append(keep)
        buttons.append(allow)
        box.append(heading)
        paragraphs.forEach(box.append)
        box.append(buttons)
        window.setChild(box)
        let finish: (Bool) -> Void = { [weak self] allowed in
            guard let self, !self.answered else { return }
            self.answered = true
            answer(allowed)
            self.window.destroy()
            self.keptUntilAnswered = nil
        }
        keep.onClicked { finish(false) }
        allow.onClicked { finish(true) }
        window.onCloseRequest { finish(false); return false }
    }
}
