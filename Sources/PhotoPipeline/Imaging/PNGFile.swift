// Why this exists: PNG in and out through GdkPixbuf with tEXt keys (the thumbnail spec's Thumb::URI, Thumb::MTime…), for the disk caches.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

enum PNGFile {
    /// Encode `pixbuf` as PNG with these tEXt keys (8-bit; RGBA if the pixbuf has alpha).
    static func encode(_ pixbuf: OpaquePointer, text: [(String, String)] = []) throws(GLibError) -> Data {
        var keys: [UnsafeMutablePointer<CChar>?] = text.map { strdup("tEXt::\($0.0)") } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = text.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        _ = try withGError { gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", &keys, &values, $0) }
        defer { g_free(buffer) }
        guard let buffer else { return Data() }
        return Data(bytes: buffer, count: Int(size))
    }

    /// Decode a PNG (or any image GdkPixbuf reads) whole; returns the pixbuf (a new reference)
    /// and its tEXt keys (without the "tEXt::" prefix).
    static func decode(_ data: Data, keys: [String]) -> (pixbuf: OpaquePointer, text: [String: String])? {
        guard !data.isEmpty, let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(loader) }
        let written = data.withUnsafeBytes { raw in
            gdk_pixbuf_loader_write(loader, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), nil)
        }
        let closed = gdk_pixbuf_loader_close(loader, nil)
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        var text: [String: String] = [:]
        for key in keys {
            if let value = gdk_pixbuf_get_option(pixbuf, "tEXt::\(key)") { text[key] = String(cString: value) }
        }
        g_object_ref(pixbuf.raw)
        return (pixbuf, text)
    }
}
