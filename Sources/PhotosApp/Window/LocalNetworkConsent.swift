// Why this exists: private network access, the user's side: a gallery refused the local network or this computer asks, one question each (this computer is a separate, stronger permission); an https: or local gallery's answer is remembered in GSettings, an http: one's only for the session (anyone on the way can change an http: gallery); and a permission can be taken back.
import GalleryViews
import Foundation
import PhotoPipeline
import PhotoFetching
import PhotoTrace

@MainActor
final class LocalNetworkConsent {
    let bar = LocalNetworkBar()
    private let preferences: AppSettings
    private weak var gallery: PhotoGallery?
    /// Questions waiting their turn (the bar asks one at a time).
    private var waiting: [AddressSpace] = []
    /// The gallery was reloaded to take a permission back.
    var reload: () -> Void = {}

    /// Where each question and answer is said.
    private let trace: Trace

    init(preferences: AppSettings, trace: Trace) {
        self.preferences = preferences
        self.trace = trace
        bar.onAllow = { [weak self] target in self?.allow(target) }
        bar.onDismiss = { [weak self, trace] _ in
            trace.emit(.localNetwork(action: .dismissed))
            self?.askNext()
        }
    }

    /// Whether the manifest at `uri` may keep a permission across launches: only what no one on
    /// the way can change (https:, or a file).
    static func mayRemember(_ uri: String) -> Bool {
        let scheme = URL(string: uri)?.scheme?.lowercased()
        return scheme == "https" || scheme == "file"
    }

    /// A gallery opened: a remembered permission applies at once; each space another refuses
    /// asks in the bar.
    func galleryOpened(_ gallery: PhotoGallery) {
        self.gallery = gallery
        waiting = []
        bar.bar.revealed = false
        let source = gallery.manifest.source.absoluteString
        if Self.mayRemember(source) {
            for (space, remembered) in [(AddressSpace.local, preferences.thisComputerGalleries), (.private, preferences.localNetworkGalleries)]
            where gallery.access > space && remembered.contains(source) {
                gallery.allow(space)
                trace.emit(.localNetwork(action: .allowed))
            }
        }
        gallery.blocked.add { [weak self] target in self?.blocked(target) }
    }

    /// Whether the gallery shown holds a permission it did not start with.
    var hasPermission: Bool {
        guard let gallery else { return false }
        return gallery.access < gallery.manifest.origin
    }

    private func blocked(_ target: AddressSpace) {
        trace.emit(.localNetwork(action: .asked))
        if !waiting.contains(target) { waiting.append(target) }
        if !bar.bar.revealed { askNext() }
    }

    private func askNext() {
        guard let gallery else { return }
        waiting.removeAll { gallery.access.mayReach($0) }
        guard !waiting.isEmpty else { return }
        bar.ask(waiting.removeFirst())
    }

    /// "Allow for This Gallery": refused rows load again; remembered for an https: or local gallery.
    private func allow(_ target: AddressSpace) {
        guard let gallery else { return }
        let source = gallery.manifest.source.absoluteString
        if Self.mayRemember(source) {
            if target == .local {
                if !preferences.thisComputerGalleries.contains(source) { preferences.thisComputerGalleries.append(source) }
            } else if !preferences.localNetworkGalleries.contains(source) {
                preferences.localNetworkGalleries.append(source)
            }
        }
        trace.emit(.localNetwork(action: .allowed))
        gallery.allow(target)
        askNext()
    }

    /// Take the gallery's permissions back (the primary menu): forgotten, and the gallery
    /// reloaded, so what they let in is refused again.
    func revoke() {
        guard let gallery else { return }
        let source = gallery.manifest.source.absoluteString
        preferences.localNetworkGalleries.removeAll { $0 == source }
        preferences.thisComputerGalleries.removeAll { $0 == source }
        trace.emit(.localNetwork(action: .revoked))
        reload()
    }
}
