// Why this exists: the desktop's trash as GIO keeps it (`g_file_trash`, the freedesktop.org Trash specification), the user's data folder it lives under, and a rename that never replaces, for putting a photo back.
import CGLib
import Glibc
import GLibRuntime

public enum FileTrash {
    /// Move the file at `path` to the trash of its volume (the home trash, or the volume's
    /// `.Trash-UID`). Blocking. Throws GIO's error: `isNotSupported` when the volume has none.
    public static func trash(path: String) throws(GLibError) {
        let file = ObjectRef(adopting: g_file_new_for_path(path)!)
        _ = try withGError { error in g_file_trash(file.pointer.opaque, nil, error) }
    }

    /// `$XDG_DATA_HOME` (the home trash is its `Trash`).
    public static var userDataDirectory: String { String(cString: g_get_user_data_dir()) }

    /// Rename `from` to `to` unless `to` exists (then `EEXIST`); 0, or the errno. Where the file
    /// system cannot refuse to replace (`EINVAL`), a hard link does the same; where it has none
    /// either, the rename is made after a last look.
    public static func renameWithoutReplacing(_ from: String, to: String) -> Int32 {
        renameWithoutReplacing(from, into: AT_FDCWD, name: to)
    }

    /// The same, to `name` in the folder open as `folder` (`AT_FDCWD`: `name` is a path).
    public static func renameWithoutReplacing(_ from: String, into folder: Int32, name: String) -> Int32 {
        if classic_photos_rename_noreplace_into(from, folder, name) == 0 { return 0 }
        guard errno == EINVAL || errno == ENOSYS else { return errno }
        if linkat(AT_FDCWD, from, folder, name, 0) == 0 { return unlink(from) == 0 ? 0 : errno }
        guard errno == EPERM || errno == EOPNOTSUPP else { return errno }
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { return EEXIST }
        return renameat(AT_FDCWD, from, folder, name) == 0 ? 0 : errno
    }
}

extension GLibError {
    /// GIO says the operation has no meaning here (a volume without a trash).
    public var isNotSupported: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_NOT_SUPPORTED.rawValue }
    /// GIO says the file or its folder may not be changed (permissions).
    public var isPermissionDenied: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_PERMISSION_DENIED.rawValue }
    /// GIO says the file is on a read-only file system.
    public var isReadOnly: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_READ_ONLY.rawValue }
    /// GIO says the file is not there.
    public var isNotFound: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_NOT_FOUND.rawValue }
}
