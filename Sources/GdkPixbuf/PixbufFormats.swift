// Why this exists: which installed GdkPixbuf loader reads which bytes, decided as GdkPixbuf decides it (GIO's guess from the first 1,024 bytes, matched against each loader's MIME types), so that a decode can be pinned to the format its header was checked for.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

/// One installed loader: its short name ("png", "gif", "heif/avif"), its MIME types and its
/// description as it gives it ("WebP image", in the user's language).
public struct PixbufFormat: Sendable, Equatable {
    public let name: String
    public let mimeTypes: [String]
    public let description: String?
    public var mimeType: String? { mimeTypes.first }
}

public enum PixbufFormats {
    /// Every installed loader that is not disabled, in GdkPixbuf's own order (the first one
    /// claiming a type is the one it uses).
    public static let all: [PixbufFormat] = {
        var formats: [PixbufFormat] = []
        guard let list = gdk_pixbuf_get_formats() else { return formats }
        defer { g_slist_free(list) }
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            let format = OpaquePointer(current.pointee.data)
            node = current.pointee.next
            guard gdk_pixbuf_format_is_disabled(format) == 0, let name = takeString(gdk_pixbuf_format_get_name(format)) else { continue }
            var types: [String] = []
            if let mimes = gdk_pixbuf_format_get_mime_types(format) {
                var index = 0
                while let mime = mimes[index] {
                    types.append(String(cString: mime))
                    index += 1
                }
                g_strfreev(mimes)
            }
            formats.append(PixbufFormat(name: name, mimeTypes: types, description: takeString(gdk_pixbuf_format_get_description(format))))
        }
        return formats
    }()

    /// Each loader with GIO's content type of each of its MIME types, made once.
    private static let contentTypes: [(format: PixbufFormat, types: [String])] = all.map { format in
        (format, format.mimeTypes.compactMap { takeString(g_content_type_from_mime_type($0)) })
    }

    /// How many bytes GdkPixbufLoader looks at before it picks a loader.
    public static let sniffedBytes = 1024

    /// The loader GdkPixbuf would pick for an image whose bytes begin with `data`: the content
    /// type GIO guesses from the first `sniffedBytes` (no file name), and the first loader that
    /// reads that type. Nil when none does ("Unrecognized image file format").
    ///
    /// `name`, the file's name, is asked only when the bytes alone say nothing: a few formats
    /// (XBM, a QuickTime image starting with its description) have no signature GIO knows, and
    /// a name never overrides what the bytes say.
    public static func format(sniffing data: Data, name: String? = nil) -> PixbufFormat? {
        guard !data.isEmpty else { return nil }
        if let format = guess(data, name: nil) { return format }
        guard let name, !name.isEmpty else { return nil }
        return guess(data, name: name)
    }

    private static func guess(_ data: Data, name: String?) -> PixbufFormat? {
        let prefix = data.prefix(sniffedBytes)
        let guessed: String? = prefix.withUnsafeBytes { raw in
            var uncertain: gboolean = 0
            return takeString(g_content_type_guess(name, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &uncertain))
        }
        guard let guessed else { return nil }
        return contentTypes.first { $0.types.contains { g_content_type_equals($0, guessed) != 0 } }?.format
    }
}
