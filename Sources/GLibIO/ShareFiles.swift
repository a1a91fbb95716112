// Why this exists: folders and files on a share (SMB, SFTP, WebDAV) as GIO reaches them through GVfs, by URI: a folder's entries in batches, a file opened for reading (sought to a range), a file's size and time; blocking calls for a worker thread, cancellable, each failure a GLibError that says whether the share is not mounted.
import GLibRuntime
import CGLib
import Foundation

public enum ShareFiles {
    /// The URI schemes of shares opened through GVfs.
    public static let schemes: Set<String> = ["sftp", "smb", "dav", "davs"]

    /// Whether `uri` names a place on a share (by its scheme).
    public static func isShare(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        return schemes.contains(uri[..<colon].lowercased())
    }

    /// List the folder at `uri` (blocking: call on a worker thread), handing its entries over
    /// `batchSize` at a time, with sizes and times (a share gives them with each name).
    public static func list(uri: String, batchSize: Int = 200, cancellable: Cancellable,
                            batch: ([DirectoryEntry]) -> Void) throws(GLibError) {
        try onceMore { () throws(GLibError) in try listOnce(uri: uri, batchSize: batchSize, cancellable: cancellable, batch: batch) }
    }

    /// GVfs's client keeps what it learnt of each mount. When a share's server goes, its backend
    /// takes a moment to end ("Backend currently unmounting") while it finishes the requests it
    /// holds; a share mounted again in that moment is still sought in the backend that is ending,
    /// until it has ended. So "not mounted" is asked again, for up to 2 s (on a worker thread),
    /// before it is believed.
    static func onceMore<T>(_ body: () throws(GLibError) -> T) throws(GLibError) -> T {
        var tries = 0
        while true {
            do throws(GLibError) {
                return try body()
            } catch where error.isNotMounted && tries < 10 {
                tries += 1
                usleep(200_000)
            }
        }
    }

    private static func listOnce(uri: String, batchSize: Int, cancellable: Cancellable,
                                 batch: ([DirectoryEntry]) -> Void) throws(GLibError) {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let made = try withGError {
            g_file_enumerate_children(file.pointer.opaque, DirectoryListing.attributes, G_FILE_QUERY_INFO_NONE, cancellable.pointer, $0)
        }
        guard let made else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: "the folder could not be listed") }
        defer {
            g_file_enumerator_close(made, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(made))
        }
        var entries: [DirectoryEntry] = []
        entries.reserveCapacity(batchSize)
        while true {
            let next = try withGError { g_file_enumerator_next_file(made, cancellable.pointer, $0) }
            guard let next else { break }
            entries.append(DirectoryListing.entry(next, folder: uri))
            g_object_unref(UnsafeMutableRawPointer(next))
            if entries.count >= batchSize {
                batch(entries)
                entries.removeAll(keepingCapacity: true)
            }
        }
        if !entries.isEmpty { batch(entries) }
    }

    /// The file at `uri` opened for reading from `offset` (blocking), with its size when the
    /// share says it (nil: unknown, or not `withSize`). The stream is the caller's.
    public static func open(uri: String, offset: Int64 = 0, withSize: Bool = true, cancellable: Cancellable) throws(GLibError) -> (stream: ReadStream, size: Int64?) {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let opened = try onceMore { () throws(GLibError) in try withGError { g_file_read(file.pointer.opaque, cancellable.pointer, $0) } }
        guard let opened else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: "the file could not be opened") }
        var size: Int64?
        // (A round trip to the server: asked only when the size is wanted.)
        if withSize, let info = g_file_input_stream_query_info(opened, "standard::size", cancellable.pointer, nil) {
            if g_file_info_has_attribute(info, "standard::size") != 0 { size = max(0, Int64(g_file_info_get_size(info))) }
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        let stream = opened.withMemoryRebound(to: GInputStream.self, capacity: 1) { ReadStream(adopting: $0) }
        if offset > 0 {
            _ = try withGError { g_seekable_seek(OpaquePointer(opened), goffset(offset), G_SEEK_SET, cancellable.pointer, $0) }
        }
        return (stream, size)
    }

    /// The file or folder at `uri` as a listing describes it (blocking).
    public static func entry(uri: String, cancellable: Cancellable) throws(GLibError) -> DirectoryEntry {
        let file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        let info = try onceMore { () throws(GLibError) in
            try withGError { g_file_query_info(file.pointer.opaque, DirectoryListing.attributes, G_FILE_QUERY_INFO_NONE, cancellable.pointer, $0) }
        }
        guard let info else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_NOT_FOUND.rawValue), message: "not found") }
        let held = ObjectRef(adopting: info)
        return DirectoryListing.entry(held.pointer.opaque, folder: uri)
    }

    /// The URI of `name` in the folder at `folder` (the name escaped as a URI's path segment).
    public static func child(_ name: String, of folder: String) -> String {
        let file = ObjectRef(adopting: g_file_new_for_uri(folder)!)
        let child = ObjectRef(adopting: g_file_get_child(file.pointer.opaque, name)!)
        return takeString(g_file_get_uri(child.pointer.opaque)) ?? folder + "/" + name
    }
}

extension GLibError {
    /// The share holding the place is not mounted (yet): mount it, then ask again.
    public var isNotMounted: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_NOT_MOUNTED.rawValue }
}
