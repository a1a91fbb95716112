// Why this exists: a file on a share changed through GIO, with the check a share allows in place of a device and inode: what the share says of the file now (its etag, else its size and time), read before and compared just before the change, so a file changed on the server meanwhile is never the one changed.
import CGLib
import GLibRuntime

extension ShareFiles {
    /// What the share says of the file at `uri` now (blocking): its etag where the backend has
    /// one, else its size and modification time.
    public static func stamp(uri: String, cancellable: Cancellable) throws(GLibError) -> String {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let attributes = "etag::value,standard::size,time::modified,time::modified-usec"
        let info = try onceMore { () throws(GLibError) in
            try withGError { g_file_query_info(file.pointer.opaque, attributes, G_FILE_QUERY_INFO_NONE, cancellable.pointer, $0) }
        }
        guard let info else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_NOT_FOUND.rawValue), message: "not found") }
        let held = ObjectRef(adopting: info)
        if let etag = g_file_info_get_etag(held.pointer.opaque), etag.pointee != 0 { return "etag " + String(cString: etag) }
        let size = g_file_info_get_size(held.pointer.opaque)
        let seconds = g_file_info_get_attribute_uint64(held.pointer.opaque, "time::modified")
        let micro = g_file_info_get_attribute_uint32(held.pointer.opaque, "time::modified-usec")
        return "size \(size) time \(seconds).\(micro)"
    }

    /// Delete the file at `uri` for good (blocking): a share has no trash.
    public static func delete(uri: String, cancellable: Cancellable) throws(GLibError) {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        _ = try onceMore { () throws(GLibError) in try withGError { g_file_delete(file.pointer.opaque, cancellable.pointer, $0) } }
    }
}
