// Why this exists: the in-window question, as browsers ask it, when a gallery from the internet (or the local network) wants photos from closer by: one question for the local network and another for this computer, each with Allow for This Gallery or Dismiss.
import AppLanguage
import Gtk
import PhotoPipeline
import PhotoFetching

@MainActor
final class LocalNetworkBar {
    let bar = InfoBar(type: .question)
    static let allowResponse: Int32 = 1
    static let dismissResponse: Int32 = 2

    /// What the question is about: the local network (`.private`) or this computer (`.local`).
    private(set) var target = AddressSpace.private
    var onAllow: (@MainActor (AddressSpace) -> Void)?
    var onDismiss: (@MainActor (AddressSpace) -> Void)?

    init() {
        bar.addButton(tr("_Allow for This Gallery"), id: Self.allowResponse)
        bar.addButton(tr("_Dismiss"), id: Self.dismissResponse)
        bar.revealed = false
        bar.onResponse { [weak self] response in
            guard let self else { return }
            bar.revealed = false
            if response == Self.allowResponse { onAllow?(target) } else { onDismiss?(target) }
        }
    }

    /// Ask about `target`.
    func ask(_ target: AddressSpace) {
        self.target = target
        bar.text = target == .local ? tr("This gallery wants to load photos from this computer")
            : tr("This gallery wants to load photos from your local network")
        bar.revealed = true
    }
}
