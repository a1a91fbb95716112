// Why this exists: a folder's entries as GIO lists them (name, display name, content type, hidden, type, link), in batches, cancellably, with content sniffed without blocking, and the file manager's sort key for names: what a folder gallery needs, without the pipeline making C calls.
import GLibRuntime
import CGLib
import Foundation

/// One entry of a folder, as GIO describes it. A symbolic link is described by its target
/// (a link to a photo is a regular file); a link that loops or points nowhere is `.other`.
public struct DirectoryEntry: Sendable {
    public enum Kind: Sendable { case regular, directory, other }
    /// The name on disk (GLib's filename encoding; bytes that are not UTF-8 are escaped).
    public let name: String
    /// The name to show (valid UTF-8 whatever the bytes on disk).
    public let displayName: String
    /// GIO's content type (a MIME type on Linux) from the name alone; where that is not the type
    /// wanted, `sniffedType` looks at the first bytes, without blocking.
    public let contentType: String
    public let isHidden: Bool
    public let kind: Kind
    /// A symbolic link (its kind is its target's).
    public var isSymlink = false
    /// The file's size in bytes, and when it was last modified (microseconds since 1970; 0: unknown).
    public var size: Int64 = 0
    public var modified: Int64 = 0
}

public enum DirectoryListing {
    /// The content type from the name only (`fast-content-type`): GIO's own sniffing opens a file
    /// that blocks (a file under a lease kept a listing waiting 45 s); `sniffedType` reads instead.
    public static let attributes = "standard::name,standard::display-name,standard::fast-content-type,standard::is-hidden,standard::is-backup,"
        + "standard::type,standard::is-symlink,standard::size,time::modified,time::modified-usec"

    /// List `path`'s entries (blocking: call on a worker thread), handing them over `batchSize`
    /// at a time. Throws the folder's error (missing, unreadable, not a folder, cancelled).
    /// `onEntry` is called for each entry as it is read (progress, for a deadline). Without
    /// `times`, files and folders are not stat'ed: their size and time are 0 (unknown).
    public static func list(path: String, batchSize: Int = 1000, times: Bool = true, cancellable: Cancellable, onEntry: () -> Void = {},
                            batch: ([DirectoryEntry]) -> Void) throws(GLibError) {
        try DirectoryReader.read(path: path, batchSize: batchSize, times: times, cancellable: cancellable, onEntry: onEntry, batch: batch)
    }

    /// One entry described as `list` describes it (blocking: a worker thread); nil if it is gone
    /// or cannot be read.
    public static func entry(atPath path: String) -> DirectoryEntry? {
        let file = ObjectRef(adopting: g_file_new_for_path(path)!)
        guard let info = g_file_query_info(file.pointer.opaque, attributes, G_FILE_QUERY_INFO_NONE, nil, nil) else { return nil }
        let held = ObjectRef(adopting: info)
        return entry(held.pointer.opaque, folder: (path as NSString).deletingLastPathComponent)
    }

    static func entry(_ info: OpaquePointer?, folder: String) -> DirectoryEntry {
        let name = g_file_info_get_name(info).map { String(cString: $0) } ?? ""
        let display = g_file_info_get_display_name(info).map { String(cString: $0) } ?? name
        let kind: DirectoryEntry.Kind = switch g_file_info_get_file_type(info) {
        case G_FILE_TYPE_REGULAR: .regular
        case G_FILE_TYPE_DIRECTORY: .directory
        default: .other
        }
        let type = g_file_info_get_attribute_string(info, "standard::fast-content-type").map { String(cString: $0) } ?? ""
        let hidden = g_file_info_get_is_hidden(info) != 0 || g_file_info_get_is_backup(info) != 0
        let seconds = Int64(clamping: g_file_info_get_attribute_uint64(info, "time::modified"))
        let nanoseconds = Int64(g_file_info_get_attribute_uint32(info, "time::modified-usec")) * 1000
        return DirectoryEntry(name: name, displayName: display, contentType: type, isHidden: hidden, kind: kind,
                              isSymlink: g_file_info_get_is_symlink(info) != 0, size: max(0, Int64(g_file_info_get_size(info))),
                              modified: FileTime.microseconds(seconds: seconds, nanoseconds: nanoseconds))
    }

    /// A regular file's content type as GIO guesses it: from its name, and when the name leaves
    /// it uncertain, from its first 4 KB, read from a file opened non-blocking (a file held under
    /// a lease is not waited for: its name's guess stands). Nil when nothing can be said.
    public static func sniffedType(name: String, path: String) -> String? {
        var uncertain: gboolean = 0
        let guess = takeString(g_content_type_guess(name, nil, 0, &uncertain))
        guard uncertain != 0 else { return guess }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return guess }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return guess }
        return takeString(g_content_type_guess(name, buffer, gsize(count), nil))
    }

    /// The key the file manager sorts names by (`g_utf8_collate_key_for_filename`): numbers
    /// in names compare as numbers (IMG_9 before IMG_10), case and accents as the locale says.
    /// Compare keys bytewise. `prefix` comes first (a subfolder's key), in the same array.
    public static func sortKey(_ displayName: String, after prefix: [UInt8] = []) -> [UInt8] {
        guard let key = g_utf8_collate_key_for_filename(displayName, -1) else { return prefix + Array(displayName.utf8) }
        defer { g_free(key) }
        let own = UnsafeRawBufferPointer(start: key, count: strlen(key))
        if prefix.isEmpty { return Array(own) }
        var whole: [UInt8] = []
        whole.reserveCapacity(prefix.count + own.count)
        whole.append(contentsOf: prefix)
        whole.append(contentsOf: own)
        return whole
    }

    /// Whether content type `type` is `supertype` or a kind of it (aliases and subclasses, as
    /// the shared MIME database says).
    public static func contentType(_ type: String, isA supertype: String) -> Bool {
        g_content_type_is_a(type, supertype) != 0
    }

    /// Whether the file at `path` is a folder (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
