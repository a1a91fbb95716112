// Why this exists: what the window says of the sandbox where bubblewrap cannot run: that no photo is decoded and why, with the way to allow it (the consent dialog); or, once allowed, that photos are decoded without it, what that loses, and whether Landlock still keeps helpers from the user's files. Each dismissed with Close, and not shown again this run until the state changes.
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline

@MainActor
final class SandboxNotice {
    let view = Box(.vertical)
    /// Photos are decoded without the sandbox (allowed).
    private let unsandboxed = InfoBar(type: .warning)
    /// No photo is decoded (not allowed).
    private let closed = InfoBar(type: .error)
    private var dismissed: Set<String> = []
    static let closeResponse: Int32 = 2
    static let allowResponse: Int32 = 1
    /// Shows the consent dialog (the window's).
    var onAsk: (() -> Void)?
    private let sandbox: DecoderSandbox

    init(sandbox: DecoderSandbox) {
        self.sandbox = sandbox
        for bar in [unsandboxed, closed] {
            bar.revealed = false
            view.append(bar)
        }
        unsandboxed.addButton(tr("_Close"), id: Self.closeResponse)
        closed.addButton(tr("_Decode Without Sandbox…"), id: Self.allowResponse)
        closed.addButton(tr("_Close"), id: Self.closeResponse)
        unsandboxed.onResponse { [weak self] _ in self?.dismiss(self?.unsandboxed) }
        closed.onResponse { [weak self] response in
            if response == Self.allowResponse { self?.onAsk?() } else { self?.dismiss(self?.closed) }
        }
        sandbox.observe { [weak self] in self?.update() }
    }

    private func dismiss(_ bar: InfoBar?) {
        guard let bar else { return }
        dismissed.insert(bar.text)
        bar.revealed = false
    }

    private func update() {
        guard let why = sandbox.lost else { return }
        if sandbox.decodesUnsandboxed {
            closed.revealed = false
            let confined = sandbox.landlock == true
            unsandboxed.text = fill(confined
                ? tr("Photos are decoded without a sandbox (%1$s), as you allowed. Each is decoded in a process of its own that cannot reach the network, start programs or write files, and Landlock keeps it from your files; a photo made to attack an image decoder could still read the system's files that process reads.")
                : tr("Photos are decoded without a sandbox (%1$s), as you allowed. Each is decoded in a process of its own that cannot reach the network, start programs or write files, but this system has no Landlock either: a photo made to attack an image decoder could read your files."),
                why.translated)
            unsandboxed.revealed = !dismissed.contains(unsandboxed.text)
        } else {
            unsandboxed.revealed = false
            closed.text = fill(tr("Photos are not decoded: the sandbox that keeps a hostile photo from your files cannot run here (%1$s)."), why.translated)
            closed.revealed = !dismissed.contains(closed.text)
        }
    }
}
