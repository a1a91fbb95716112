// Why this exists: the user's own folders as the desktop names them (XDG user dirs: Pictures), where a saved photo is suggested to go.
import GLibRuntime
import CGLib
import Foundation

public enum UserFolders {
    /// The Pictures folder (`~/Pictures`, or as `user-dirs.dirs` says), else the home folder.
    public static var pictures: String {
        if let dir = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) { return String(cString: dir) }
        return String(cString: g_get_home_dir())
    }
}
