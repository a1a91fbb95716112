// Why this exists: what is drawn on screen in the display's own colours where an X11 desktop announces its profile (_ICC_PROFILE on the root window), followed live (the viewer's photo is converted on its worker, the rest here); photos are sRGB everywhere else in the app (saved, copied, exported), and on Wayland the screen gets sRGB too.
import PhotoFormats
import ColourManagement
import Foundation
import GdkPixbuf
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

/// One per app (its services make it and hand it to each window's list and viewer).
@MainActor
package final class DisplayColour {
    /// What the pipeline converts with, on its workers.
    package let screen = ScreenColours()

    /// Where the display's profile, and whether it is used, is said.
    private let trace: Trace

    package init(trace: Trace) { self.trace = trace }

    /// Bumped at each change: a texture made before it is made again.
    package private(set) var generation = 0
    private var listeners: [() -> Void] = []
    private var started = false

    /// Read the display's profile and follow it (X11 only).
    package func start() {
        guard !started, ScreenProfile.isX11 else { return }
        started = true
        update()
        ScreenProfile.watch { [weak self] in self?.changed() }
    }

    /// Call `listener` after each change (a window redraws its images).
    package func onChange(_ listener: @escaping () -> Void) { listeners.append(listener) }

    private func changed() {
        update()
        for listener in listeners { listener() }
    }

    /// Read the profile as the next generation: the pipeline converts with it from now on
    /// (`ScreenColours`).
    private func update() {
        generation += 1
        screen.set(generation: generation, read())
    }

    /// sRGB to the display's profile now (nil: none, sRGB, or one that cannot be used), traced.
    private func read() -> (rgb: ColourTransform, rgba: ColourTransform)? {
        guard let bytes = ScreenProfile.read(limit: ColourProfile.largestAccepted) else {
            trace.emit(.displayProfile(name: nil, ignored: nil))
            return nil
        }
        switch ColourProfile.reading(bytes) {
        case .success(let profile):
            let name = profile.name.map { DisplayText.clean(String($0.prefix(120))) } ?? "unnamed"
            if profile.isSRGB {
                trace.emit(.displayProfile(name: name, ignored: nil))
                return nil
            }
            guard let rgb = ColourTransform(from: .sRGB, to: profile, hasAlpha: false),
                  let rgba = ColourTransform(from: .sRGB, to: profile, hasAlpha: true) else {
                trace.emit(.displayProfile(name: name, ignored: "lcms2 cannot convert to it from sRGB"))
                return nil
            }
            trace.emit(.displayProfile(name: name, ignored: nil))
            return (rgb, rgba)
        case .failure(let refusal):
            trace.emit(.displayProfile(name: nil, ignored: refusal.reason))
            return nil
        }
    }

    /// A texture of `pixbuf` (sRGB) as the display shows it: the pixbuf itself where the
    /// display is sRGB, else a converted copy (the photo itself is never changed).
    package func texture(_ pixbuf: Pixbuf) -> Texture {
        Texture(pixbuf: screen.forScreen(pixbuf)?.image.pixbuf ?? pixbuf)
    }

    /// The viewer's photo as the display shows it: converted on its worker when the display's
    /// profile has not changed since, else here.
    package func texture(_ full: FullImage) -> Texture {
        if let screen = full.details.forScreen, screen.generation == generation { return Texture(pixbuf: screen.image.pixbuf) }
        return texture(full.image.pixbuf)
    }
}
