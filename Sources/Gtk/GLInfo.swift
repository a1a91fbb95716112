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
