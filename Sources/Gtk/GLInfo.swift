// Why this exists: what OpenGL is on this display (its renderer's name), so the app can choose GTK's renderer before its first window is realized.
import CGLProbe
import CGtk
import GLibRuntime

@MainActor
public enum GLInfo {
    /// The GL renderer's name on the default display ("llvmpipe (LLVM 15.0.6, 256 bits)",
    /// "Mesa Intel(R) UHD Graphics 620"…), or why there is none. Call after GTK is initialized
    /// and before the first window is realized.
    public static func rendererName() -> Result<String, GLInfoError> {
        guard let display = gdk_display_get_default() else { return .failure(GLInfoError(message: "no display")) }
        var error: UnsafeMutablePointer<CChar>?
        guard let name = cp_gl_renderer_name(display, &error) else {
            return .failure(GLInfoError(message: takeString(error) ?? "no GL context"))
        }
        return .success(takeString(name) ?? "")
    }

    /// Why GL on the X server `display` can only be a software rasterizer, told on a
    /// connection of its own, without loading GL (a server with no direct rendering: Xvfb, Xvnc,
    /// a VM without a virtual GPU); nil when a GPU may be there, and only a GL context can tell
    /// (`rendererName`). Call before GTK opens the display: a millisecond. `connection` is kept
    /// until GDK has its own (`X11Connection`).
    public static func missingDirectRendering(onX11 display: String?) -> (why: String?, connection: X11Connection?) {
        guard let connection = X11Connection(display: display) else { return (nil, nil) }
        return (cp_x11_missing_direct_rendering(connection.pointer).map { String(cString: $0) }, connection)
    }

    /// Whether a renderer name is Mesa's software rasterizers (llvmpipe, softpipe, swrast) or
    /// another CPU-only one.
    public static func isSoftware(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { lower.contains($0) }
    }
}

public struct GLInfoError: Error, Sendable {
    public let message: String
}

/// A connection of the app's own to an X server, made before GTK's and closed when dropped. Drop
/// it only once GDK has opened its own: an X server whose last client leaves resets itself (Xvfb
/// without -noreset), and a connection made meanwhile waits about 30 ms for the reset.
@MainActor
public final class X11Connection {
    fileprivate let pointer: UnsafeMutableRawPointer

    init?(display: String?) {
        guard let pointer = cp_x11_connect(display) else { return nil }
        self.pointer = pointer
    }

    isolated deinit { cp_x11_release(pointer) }
}
