// Why this exists: a file's extended attributes (a file manager's tags, a security label, a download's origin) carried over to the file that replaces it, since a rewrite makes a new file: sys/xattr.h, which Swift's Glibc module leaves out.
import CGLib
import Glibc

public enum ExtendedAttributes {
    /// Copy every extended attribute of the file at `path` (not following a link) to the open
    /// file `descriptor`. 0, or the errno of the first that could not be copied (ENOTSUP where
    /// the new file's file system keeps none: nothing to copy there).
    public static func copy(fromPath path: String, to descriptor: Int32) -> Int32 {
        let size = llistxattr(path, nil, 0)
        if size < 0 { return errno == ENOTSUP ? 0 : errno }
        guard size > 0 else { return 0 }
        var names = [CChar](repeating: 0, count: size)
        let listed = llistxattr(path, &names, size)
        guard listed >= 0 else { return errno }
        var start = 0
        while start < listed {
            let name = String(cString: Array(names[start..<listed]) + [0])
            start += name.utf8.count + 1
            let length = lgetxattr(path, name, nil, 0)
            guard length >= 0 else { return errno }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let read = lgetxattr(path, name, &value, length)
            guard read >= 0 else { return errno }
            if fsetxattr(descriptor, name, value, read, 0) != 0 { return errno }
        }
        return 0
    }
}
