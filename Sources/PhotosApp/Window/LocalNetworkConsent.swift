// Why this exists: private network access, the user's side: a gallery the user allowed reaches the local network (remembered in GSettings); the first refused row asks in the window.
import Foundation
import PhotoPipeline

@MainActor
final class LocalNetworkConsent {
    let bar = LocalNetworkBar()
    private let preferences: AppSettings
    private weak var gallery: PhotoGallery?

    init(preferences: AppSettings) {
        self.preferences = preferences
        bar.onAllow = { [weak self] in self?.allow() }
        bar.onDismiss = { Trace.shared.emit(.localNetwork(action: .dismissed)) }
    }

    /// A gallery opened: a remembered one may reach the local network at once; the first row
    /// another refuses shows the question.
    func galleryOpened(_ gallery: PhotoGallery) {
        self.gallery = gallery
        bar.bar.revealed = false
        if gallery.access != .local, preferences.localNetworkGalleries.contains(gallery.manifest.source.absoluteString) {
            gallery.access = .local
            Trace.shared.emit(.localNetwork(action: .allowed))
        }
        gallery.onFirstBlocked = { [weak self] in
            Trace.shared.emit(.localNetwork(action: .asked))
            self?.bar.bar.revealed = true
        }
    }

    /// "Allow for This Gallery": remembered for the manifest's URL; refused rows load again.
    private func allow() {
        guard let gallery else { return }
        let source = gallery.manifest.source.absoluteString
        if !preferences.localNetworkGalleries.contains(source) {
            preferences.localNetworkGalleries.append(source)
        }
        Trace.shared.emit(.localNetwork(action: .allowed))
        gallery.allowAnyAddress()
    }
}
