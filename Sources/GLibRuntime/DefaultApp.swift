// Why this exists: hand a file or folder to the app the desktop opens it with (Open With, Open Folder after an export): GIO's default handler, which goes through the OpenURI portal when sandboxed.
import CGLib

public enum DefaultApp {
    /// Open `uri` with the desktop's default app for it; the reason when that is not possible.
    @discardableResult
    public static func open(_ uri: String) -> String? {
        do throws(GLibError) {
            _ = try withGError { g_app_info_launch_default_for_uri(uri, nil, $0) }
            return nil
        } catch {
            return error.message
        }
    }
}
