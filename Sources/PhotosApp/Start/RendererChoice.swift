// Why this exists: GTK 4.8 draws with OpenGL whenever it can, even when GL is Mesa's software rasterizer (a VM, a remote desktop, a board without a GPU driver), where it is several times slower than GTK's cairo renderer; the app asks what GL is here (before GTK starts, without loading GL, whether an X server can render on a GPU at all; else, before the first window is realized, a GL context) and picks cairo in that case, never overriding a GSK_RENDERER the user set.
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

/// Made once, before GTK starts (`prepare`), and applied at the application's start-up.
@MainActor
final class RendererChoice {
    /// Why the renderer was chosen, and GL's name here (traced once the window shows which
    /// renderer GTK really made).
    struct Decision {
        let reason: RendererReason
        let gl: String
    }

    /// The choice made before GTK started, if it could be (`prepare`).
    private var prepared: Decision?
    /// The connection `prepare` asked on, kept until GTK has opened the display.
    private var asked: X11Connection?
    /// GDK_DEBUG as the user launched the app (nil: unset), given back once GTK has read it.
    private var userDebug: String?

    private init() {}

    /// Before GTK starts: on an X server with no direct rendering (Xvfb, Xvnc, a VM without a
    /// virtual GPU), GL could only be a software rasterizer, so choose cairo now and tell GDK not
    /// to load GL at all. GTK 4.8 loads GL as it opens an X display, to pick the window's visual:
    /// with Mesa's llvmpipe that is 57 ms before the first frame (175 → 119 ms, measured). Only
    /// where GDK will open X11 (GDK_BACKEND says x11, or there is no Wayland display to try first),
    /// and never over a GSK_RENDERER the user set.
    static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) -> RendererChoice {
        let choice = RendererChoice()
        if let chosen = environment["GSK_RENDERER"], !chosen.isEmpty { return choice }
        guard opensX11(environment) else { return choice }
        let (missing, connection) = GLInfo.missingDirectRendering(onX11: environment["DISPLAY"])
        // Closed once GDK has its own connection (`apply`): an X server with no other client
        // would reset as this one left, and GDK's connection wait for it.
        choice.asked = connection
        guard let why = missing else { return choice }
        choice.userDebug = environment["GDK_DEBUG"]
        setenv("GDK_DEBUG", [choice.userDebug, "gl-disable"].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ","), 1)
        setenv("GSK_RENDERER", "cairo", 1)
        choice.prepared = Decision(reason: .noDirectRendering, gl: why)
        return choice
    }

    /// Whether GDK will open an X11 display: GDK_BACKEND names x11 first, or it is unset and
    /// there is no Wayland display GDK would try before X11.
    nonisolated static func opensX11(_ environment: [String: String]) -> Bool {
        if let backend = environment["GDK_BACKEND"], !backend.isEmpty {
            return backend.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) == "x11" } ?? false
        }
        guard let display = environment["DISPLAY"], !display.isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty else { return false }
        // Without WAYLAND_DISPLAY, libwayland still tries wayland-0 in the runtime folder.
        let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
        return runtime.isEmpty || !FileManager.default.fileExists(atPath: runtime + "/wayland-0")
    }

    /// Decide (or take what `prepare` decided), and set `GSK_RENDERER` for GTK when choosing cairo. GTK reads the variable once,
    /// when it makes the first window's renderer, so call this before that (at the
    /// application's start-up, once GTK is initialized).
    func apply(environment: [String: String] = ProcessInfo.processInfo.environment) -> Decision {
        asked = nil
        if let prepared {
            // GTK has read GDK_DEBUG: what the app's children inherit is the user's own again.
            if let userDebug { setenv("GDK_DEBUG", userDebug, 1) } else { unsetenv("GDK_DEBUG") }
            return prepared
        }
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
    static func traceOnFirstFrame(of window: ApplicationWindow, _ decision: Decision, in trace: Trace) {
        var traced = false
        window.onAfterPaint { [weak window] in
            guard !traced, let name = window?.rendererName else { return }
            traced = true
            trace.emit(.renderer(name: name, reason: decision.reason, gl: decision.gl))
        }
    }
}
