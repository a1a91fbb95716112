// Why this exists: GTK 4.8 draws with OpenGL whenever it can, even when GL is Mesa's software rasterizer (a VM, a remote desktop, a board without a GPU driver), where it is several times slower than GTK's cairo renderer; before the first window is realized the app asks what GL is here and picks cairo in that case, never overriding a GSK_RENDERER the user set.
import Foundation
import Gtk
import PhotoPipeline

@MainActor
enum RendererChoice {
    /// Why the renderer was chosen, and GL's name here (traced once the window shows which
    /// renderer GTK really made).
    struct Decision {
        let reason: RendererReason
        let gl: String
    }

    /// Decide, and set `GSK_RENDERER` for GTK when choosing cairo. GTK reads the variable once,
    /// when it makes the first window's renderer, so call this before that (at the
    /// application's start-up, once GTK is initialized).
    static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) -> Decision {
        if let chosen = environment["GSK_RENDERER"], !chosen.isEmpty { return Decision(reason: .userSet, gl: "") }
        switch GLInfo.rendererName() {
        case .success(let gl) where GLInfo.isSoftware(gl):
            setenv("GSK_RENDERER", "cairo", 1)
            return Decision(reason: .softwareGL, gl: gl)
        case .success(let gl):
            return Decision(reason: .hardwareGL, gl: gl)
        case .failure(let error):
            setenv("GSK_RENDERER", "cairo", 1)
            return Decision(reason: .noGL, gl: error.message)
        }
    }

    /// Trace the renderer `window` was given, with the decision, at its first frame.
    static func traceOnFirstFrame(of window: ApplicationWindow, _ decision: Decision) {
        var traced = false
        window.onAfterPaint { [weak window] in
            guard !traced, let name = window?.rendererName else { return }
            traced = true
            Trace.shared.emit(.renderer(name: name, reason: decision.reason, gl: decision.gl))
        }
    }
}
