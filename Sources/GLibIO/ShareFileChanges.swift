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

    /// The whole file at `uri` (blocking), if it is at most `most` bytes, with its etag as read
    /// (nil: the backend has none). nil bytes: larger than `most`. Read in chunks and stopped past
    /// `most`, whatever size the server said.
    public static func readWhole(uri: String, most: Int, cancellable: Cancellable) throws(GLibError) -> (bytes: [UInt8]?, etag: String?) {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let opened = try onceMore { () throws(GLibError) in try withGError { g_file_read(file.pointer.opaque, cancellable.pointer, $0) } }
        guard let opened else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: "the file could not be opened") }
        var etag: String?, size: Int64?
        if let info = g_file_input_stream_query_info(opened, "etag::value,standard::size", cancellable.pointer, nil) {
            if let value = g_file_info_get_etag(info), value.pointee != 0 { etag = String(cString: value) }
            if g_file_info_has_attribute(info, "standard::size") != 0 { size = Int64(g_file_info_get_size(info)) }
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        let stream = opened.withMemoryRebound(to: GInputStream.self, capacity: 1) { ReadStream(adopting: $0) }
        defer { stream.close() }
        if let size, size > Int64(most) { return (nil, nil) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(GLibError) in try stream.read(into: buffer, cancellable: cancellable) } }
            let read = try result.get()
            if read == 0 { return (bytes, etag) }
            guard bytes.count + read <= most else { return (nil, nil) }
            bytes.append(contentsOf: chunk[0..<read])
        }
    }

    /// Replace the file at `uri` with `bytes` (blocking), only if its etag is still `etag`: GIO's
    /// own check, made by the backend as it replaces (`G_IO_ERROR_WRONG_ETAG` otherwise). The
    /// backend writes a temporary file and renames it where it can.
    public static func replace(uri: String, with bytes: [UInt8], etag: String?, cancellable: Cancellable) throws(GLibError) {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let opened = try withGError { g_file_replace(file.pointer.opaque, etag, 0, G_FILE_CREATE_NONE, cancellable.pointer, $0) }
        guard let opened else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: "the file could not be replaced") }
        let stream = ObjectRef(adopting: opened)
        let output = stream.raw.assumingMemoryBound(to: GOutputStream.self)
        var written: gsize = 0
        do throws(GLibError) {
            _ = try withGError { error in
                bytes.withUnsafeBytes { g_output_stream_write_all(output, $0.baseAddress, gsize($0.count), &written, cancellable.pointer, error) }
            }
        } catch {
            // A stream closed, even as it is let go, puts what was written in place of the file:
            // closed cancelled instead, the backend keeps the file as it was.
            let abandon = Cancellable()
            abandon.cancel()
            g_output_stream_close(output, abandon.pointer, nil)
            throw error
        }
        // Closing is what makes the new file the file.
        _ = try withGError { g_output_stream_close(output, cancellable.pointer, $0) }
    }
}

extension GLibError {
    /// The file changed since its etag was read (`g_file_replace`'s check).
    public var isWrongEtag: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_WRONG_ETAG.rawValue }
}
