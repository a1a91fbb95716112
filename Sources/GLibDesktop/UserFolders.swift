// Why this exists: the user's own folders as the desktop names them (XDG user dirs: Pictures, Documents), where a saved photo or a photo printed to a file is suggested to go.
import GLibRuntime
import CGLib
import Foundation

public enum UserFolders {
    /// The Pictures folder (`~/Pictures`, or as `user-dirs.dirs` says), else the home folder.
    public static var pictures: String {
        if let dir = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) { return String(cString: dir) }
        return String(cString: g_get_home_dir())
    }

    /// The Documents folder, else the home folder (where GTK's Print to File writes too).
    public static var documents: String {
        if let dir = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS) { return String(cString: dir) }
        return String(cString: g_get_home_dir())
    }
}
