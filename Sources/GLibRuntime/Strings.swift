// Why this exists: strings GLib hands over (transfer full, freed with g_free) and the few GLib string helpers the pipeline needs: checksums and file URIs.
import CGLib
import Foundation

/// A `gchar*` the caller owns: copied into a Swift string and freed.
public func takeString(_ text: UnsafeMutablePointer<gchar>?) -> String? {
    guard let text else { return nil }
    defer { g_free(text) }
    return String(cString: text)
}

public enum Checksum {
    /// Lower-case hex SHA-256 of `data`.
    public static func sha256(_ data: Data) -> String {
        data.withUnsafeBytes { raw in
            takeString(g_compute_checksum_for_data(G_CHECKSUM_SHA256, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count)))
        } ?? ""
    }

    /// Lower-case hex MD5 of a string's UTF-8 (the thumbnail spec's file names).
    public static func md5(_ text: String) -> String {
        takeString(g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1)) ?? ""
    }
}

/// GLib's `file://` URI for an absolute path (escaped as the thumbnail spec and every GNOME app
/// write it); nil if GLib refuses the path.
public func fileURI(forPath path: String) -> String? {
    takeString(g_filename_to_uri(path, nil, nil))
}

/// A size as GNOME apps write it (`g_format_size`: "0 bytes", "1.2 MB", decimal units), in
/// the user's language.
public func formatSize(_ bytes: Int) -> String {
    takeString(g_format_size(guint64(max(0, bytes)))) ?? "\(bytes) bytes"
}
