// Why this exists: the in-window question, as browsers ask it, when a gallery from the internet (or the local network) wants photos from closer by: Allow for This Gallery (remembered) or Dismiss.
import Gtk
import PhotoPipeline

@MainActor
final class LocalNetworkBar {
    let bar = InfoBar(type: .question)
    static let allowResponse: Int32 = 1
    static let dismissResponse: Int32 = 2

    var onAllow: (@MainActor () -> Void)?
    var onDismiss: (@MainActor () -> Void)?

    init() {
        bar.text = tr("This gallery wants to load photos from your local network")
        bar.addButton(tr("_Allow for This Gallery"), id: Self.allowResponse)
        bar.addButton(tr("_Dismiss"), id: Self.dismissResponse)
        bar.revealed = false
        bar.onResponse { [weak self] response in
            guard let self else { return }
            bar.revealed = false
            if response == Self.allowResponse { onAllow?() } else { onDismiss?() }
        }
    }
}
