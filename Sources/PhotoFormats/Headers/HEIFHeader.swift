// Why this exists: a HEIF or AVIF file's header read before libheif sees it (it decodes the whole image, grids included, before it says how large it is): every image item's declared size (ispe), and each grid's or overlay's output and tiles, so a 32256 × 32256 grid of 8.5 KB never reaches the decoder.
import Foundation

package enum HEIFHeader {
    package static func unreadable(_ why: Words) -> DecodeError { .unreadableHeader(format: "HEIF", why: why) }

    /// Bytes libheif and the loader hold per output pixel: the decoded planes, the interleaved
    /// image and the pixbuf made from it (measured here: 8.5 for an 8-bit HEIC, 7.4 for an AVIF).
    package static let bytesPerPixel = 10

    package static func read(_ bytes: HeaderBytes, limits: ImageLimits) throws(DecodeError) -> ImageHeader {
        guard let top = ISOBoxes.list(bytes, 0..<bytes.count) ?? ISOBoxes.list(bytes, 0..<boxesEnd(bytes)),
              top.first?.type == "ftyp" else { throw unreadable(Words("is cut short or not a HEIF file's")) }
        guard let meta = top.first(where: { $0.type == "meta" }), let children = ISOBoxes.children(ofFull: meta, bytes) else {
            throw unreadable(Words("has no image items"))
        }
        let items = try HEIFItems(children, bytes)
        guard let primary = items.primary else { throw unreadable(Words("names no primary image")) }
        // Every image the file declares, whether or not it is the primary one (libheif decodes
        // thumbnails and alpha planes too), is within the cap.
        for (_, size) in items.sizes { try ImageHeader.checkPixels(size.width, size.height, limits) }
        guard let declared = items.sizes[primary] else { throw unreadable(Words("does not declare its image's size")) }
        var output = declared
        for (item, type) in items.types where type == "grid" || type == "iovl" {
            guard let data = items.data(of: item, prefix: 32), let size = derivedOutput(data, type: type) else {
                throw unreadable(Words("has a %1$s it does not describe", "\(type == "grid" ? "grid" : "overlay")"))
            }
            try ImageHeader.checkPixels(size.width, size.height, limits)
            guard type == "grid" else { continue }
            let tiles = (data[2] + 1) * (data[3] + 1)
            let references = items.derivedFrom[item] ?? []
            if tiles > limits.tiles { throw .tooManyTiles(count: tiles, limit: limits.tiles) }
            guard references.count == tiles else { throw unreadable(Words("has a grid of %1$s tiles that names %2$s", "\(tiles)", "\(references.count)")) }
            // The tiles together are about the output: no tile may be larger than the cap, and
            // all of them together no larger than the cap and a row and a column of tiles.
            var tilePixels = 0
            for tile in references {
                guard let tileSize = items.sizes[tile] else { throw unreadable(Words("has a tile that does not declare its size")) }
                tilePixels += tileSize.width * tileSize.height
                if tilePixels > 2 * limits.pixels { throw .tooManyPixels(width: size.width, height: size.height, limit: limits.pixels) }
            }
            if item == primary { output = size }
        }
        if let type = items.types[primary], type == "iovl", let data = items.data(of: primary, prefix: 32),
           let size = derivedOutput(data, type: type) { output = size }
        var header = ImageHeader(width: output.width, height: output.height, reserve: output.width * output.height * bytesPerPixel)
        // A grid's colour is its own or, where it declares none, its tiles'.
        let tile = items.derivedFrom[primary]?.first
        header.colour = items.colours[primary] ?? tile.flatMap { items.colours[$0] }
        header.profile = items.profile(of: primary) ?? tile.flatMap { items.profile(of: $0) }
        return header
    }

    /// Where the top-level boxes that can be read end (an `mdat` cut short still leaves its meta).
    private static func boxesEnd(_ bytes: HeaderBytes) -> Int {
        var at = 0
        while let size = bytes.bigEndian(at, 4), size >= 8, at + size <= bytes.count { at += size }
        return at
    }

    /// A grid's or an overlay's output size, from its item data: version, flags (bit 0: 32-bit
    /// sizes), then for a grid its rows − 1 and columns − 1, for an overlay its fill colour.
    package static func derivedOutput(_ data: [Int], type: String) -> (width: Int, height: Int)? {
        guard data.count >= 2 else { return nil }
        let wide = data[1] & 1 != 0
        let at = type == "grid" ? 4 : 10
        let field = wide ? 4 : 2
        guard data.count >= at + 2 * field else { return nil }
        func read(_ from: Int) -> Int { (0..<field).reduce(0) { $0 << 8 | data[from + $1] } }
        return (read(at), read(at + field))
    }
}
