// Why this exists: several files offered at once (a copy or a drag of several photos): a GdkContentProvider of a GdkFileList, which GTK serializes as text/uri-list, and a target that takes one file reads as its first.
import CGtk
import GLibRuntime

enum FileListContent {
    /// A provider of the files at `paths` (the caller owns it: transfer full).
    static func provider(_ paths: [String]) -> UnsafeMutablePointer<GdkContentProvider>? {
        var list: UnsafeMutablePointer<GSList>? = nil
        for path in paths.reversed() { list = g_slist_prepend(list, g_file_new_for_path(path).map { UnsafeMutableRawPointer($0) }) }
        // gdk_file_list_new_from_list copies the list and refs the files: ours are released after.
        defer { g_slist_free_full(list) { g_object_unref($0) } }
        guard let files = gdk_file_list_new_from_list(list) else { return nil }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(files))
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }
}
