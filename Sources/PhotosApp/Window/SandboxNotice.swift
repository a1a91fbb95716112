// Why this exists: the window's one notice that photos are decoded without bubblewrap here, what that loses, and why; dismissed with Close and not shown again this run.
import Foundation
import Gtk
import PhotoPipeline

@MainActor
final class SandboxNotice {
    let bar = InfoBar(type: .warning)
    private static var dismissed = false
    static let closeResponse: Int32 = 2

    init() {
        bar.revealed = false
        bar.addButton(tr("_Close"), id: Self.closeResponse)
        bar.onResponse { [weak self] _ in
            Self.dismissed = true
            self?.bar.revealed = false
        }
        DecoderSandbox.observe { [weak self] why in self?.show(why) }
    }

    private func show(_ why: Words) {
        guard !Self.dismissed else { return }
        bar.text = fill(tr("Photos are decoded without a sandbox (%1$s). Each is still decoded in a separate process that cannot reach the network, but a photo made to attack an image decoder could read your files."),
                        why.translated)
        bar.revealed = true
    }
}
