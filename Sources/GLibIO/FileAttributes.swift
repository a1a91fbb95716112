// Why this exists: a file's attributes as GIO reads them (its extended attributes among them, `xattr::NAME` for `user.NAME`), for the pipeline, which makes no C calls itself.
import GLibRuntime
import CGLib

public enum FileAttributes {
    /// The attribute's value as text (GIO escapes bytes that are not printable), or nil when
    /// the file has none or cannot be read. Does not follow a symlink's target's attributes.
    public static func string(_ attribute: String, ofPath path: String) -> String? {
        let file = ObjectRef(adopting: g_file_new_for_path(path)!)
        guard let queried = g_file_query_info(file.pointer.opaque, attribute, G_FILE_QUERY_INFO_NONE, nil, nil) else { return nil }
        let info = ObjectRef(adopting: queried)
        let infoPointer = info.pointer.opaque
        guard g_file_info_has_attribute(infoPointer, attribute) != 0 else { return nil }
        return takeString(g_file_info_get_attribute_as_string(infoPointer, attribute))
    }
}
