// Why this exists: PNG in and out with tEXt keys (the thumbnail spec's Thumb::URI, Thumb::MTime…), for the disk caches.
import Foundation
import GdkPixbuf
import GLibRuntime

public enum PNGFile {
    /// Encode `pixbuf` as PNG with these tEXt keys (8-bit; RGBA if the pixbuf has alpha).
    package static func encode(_ pixbuf: Pixbuf, text: [(String, String)] = []) throws(GLibError) -> Data {
        // zlib level 1: a thumbnail is written while its row waits to show it (level 6, the
        // default, cost a quarter of the time the JPEG decodes took).
        try pixbuf.encoded(as: "png", options: [("compression", "1")] + text.map { ("tEXt::\($0.0)", $0.1) })
    }

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decode a cache's PNG whole, if it is no larger than `maxSide` each way (checked as it
    /// declares its size, before its pixels are allocated: another app may have written it);
    /// returns the pixbuf and its tEXt keys (without the "tEXt::" prefix). Only a PNG, by its
    /// signature, and only by the PNG loader: a file of another format planted at a thumbnail's
    /// path never reaches that format's decoder.
    package static func decode(_ data: Data, by decoders: Decoders, keys: [String], maxSide: Int) -> (pixbuf: Pixbuf, text: [String: String])? {
        if let pool = decoders.pool { return decode(in: pool, data, keys: keys, maxSide: maxSide) }
        var allocated = false
        return decode(data, keys: keys, maxSide: maxSide, allocated: &allocated)
    }

    /// The same, saying whether the loader allocated pixels (tests: a refused file never does).
    public static func decode(_ data: Data, keys: [String], maxSide: Int, allocated: inout Bool) -> (pixbuf: Pixbuf, text: [String: String])? {
        guard data.starts(with: signature), let loader = try? PixbufLoader(type: "png") else { return nil }
        final class Allocated { var value = false }
        let area = Allocated()
        defer { allocated = area.value }
        loader.onAreaPrepared { area.value = true }
        final class Refused { var value = false }
        let refused = Refused()
        loader.onSizePrepared { [unowned loader] width, height in
            guard width <= 0 || height <= 0 || width > maxSide || height > maxSide else { return }
            refused.value = true
            loader.setSize(width: 0, height: 0)
        }
        let written = (try? loader.write(data)) != nil
        let closed = (try? loader.close()) != nil
        guard written, closed, !refused.value, let pixbuf = loader.pixbuf else { return nil }
        var text: [String: String] = [:]
        for key in keys {
            if let value = pixbuf.option("tEXt::\(key)") { text[key] = value }
        }
        return (pixbuf, text)
    }
}
