// Why this exists: PNG in and out with tEXt keys (the thumbnail spec's Thumb::URI, Thumb::MTime…), for the disk caches.
import Foundation
import GdkPixbuf
import GLibRuntime

enum PNGFile {
    /// Encode `pixbuf` as PNG with these tEXt keys (8-bit; RGBA if the pixbuf has alpha).
    static func encode(_ pixbuf: Pixbuf, text: [(String, String)] = []) throws(GLibError) -> Data {
        try pixbuf.encoded(as: "png", options: text.map { ("tEXt::\($0.0)", $0.1) })
    }

    /// Decode a PNG (or any image GdkPixbuf reads) whole; returns the pixbuf and its tEXt keys
    /// (without the "tEXt::" prefix).
    static func decode(_ data: Data, keys: [String]) -> (pixbuf: Pixbuf, text: [String: String])? {
        guard !data.isEmpty else { return nil }
        let loader = PixbufLoader()
        do throws(GLibError) {
            try loader.write(data)
            try loader.close()
        } catch {
            return nil
        }
        guard let pixbuf = loader.pixbuf else { return nil }
        var text: [String: String] = [:]
        for key in keys {
            if let value = pixbuf.option("tEXt::\(key)") { text[key] = value }
        }
        return (pixbuf, text)
    }
}
