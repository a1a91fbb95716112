// Why this exists: a drawing's (SVG's) header, read before librsvg sees it: its text encoding, its root, its elements, and every image it embeds as a `data:` URL (librsvg decodes those whole, through any GdkPixbuf loader, at whatever size they declare): each checked as an image of its own, and all of them counted together.
import PhotoFormats
import Foundation
import GdkPixbuf

/// What the drawings on the way to an embedded image have embedded so far.
struct EmbeddedTally {
    var images = 0
    var pixels = 0
    /// Bytes librsvg holds for every drawing read and every image embedded.
    var bytes = 0
}

enum SVGHeader {
    /// The types a drawing may embed: what photos and drawings come in, each read from its header
    /// here first. Anything else (HEIF, TIFF, icons…) is refused: librsvg would hand it to its
    /// loader unchecked.
    static let embeddable: Set<String> = ["png", "jpeg", "gif", "webp", "svg"]

    /// What librsvg held while reading drawings here: about 2.7 KB an element (100,000 rectangles:
    /// 263 MB) and 45 bytes a byte of text (a 5.3 MB path: 190 MB), whichever is larger.
    static func domBytes(elements: Int, textBytes: Int) -> Int { max(elements * 2_700, textBytes * 45) }

    static func read(_ bytes: HeaderBytes, limits: ImageLimits, depth: Int, tally: inout EmbeddedTally) throws(DecodeError) -> ImageHeader {
        var text = UnsafeBufferPointer(start: bytes.raw.bindMemory(to: UInt8.self).baseAddress, count: bytes.count)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = UnsafeBufferPointer(rebasing: text[3...]) }
        try checkEncoding(text)
        var scanner = SVGScanner(limits: limits, size: text.count)
        try scanner.content(text)
        guard let root = scanner.root, root.name == "svg" || root.name.hasSuffix(":svg") else {
            throw .drawing(Words("its first element is not <svg>"))
        }
        tally.bytes += domBytes(elements: scanner.elements, textBytes: text.count + scanner.expanded)
        for (url, isStyleSheet) in scanner.dataURLs {
            try embedded(url, isStyleSheet: isStyleSheet, limits: limits, depth: depth, tally: &tally)
        }
        return ImageHeader(width: 0, height: 0, reserve: depth == 0 ? tally.bytes : nil)
    }

    /// The XML declaration's encoding, if it names one: only encodings in which the markup's
    /// ASCII is ASCII (UTF-8, Latin and Windows code pages) are read, so no reference can hide
    /// in bytes this scan does not see as text.
    static func checkEncoding(_ text: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        guard text.starts(with: Array("<?xml".utf8)), let end = text.prefix(256).firstIndex(of: UInt8(ascii: ">")) else { return }
        let declaration = String(decoding: text[0..<end], as: UTF8.self).lowercased()
        guard let name = declaration.range(of: "encoding") else { return }
        let value = declaration[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }.prefix { $0 != "\"" && $0 != "'" }
        let accepted = value == "utf-8" || value == "utf8" || value == "us-ascii" || value == "ascii"
            || value.hasPrefix("iso-8859-") || value.hasPrefix("windows-125") || value == "latin1"
        if !accepted { throw .drawing(Words("its text is in the “%1$s” encoding, which is not read", "\(value)")) }
    }

    /// One `data:` URL: a style sheet is scanned for more; an image must be of a type a drawing
    /// may embed, within the limits as an image of its own, and within them with all the others.
    private static func embedded(_ text: [UInt8], isStyleSheet: Bool, limits: ImageLimits, depth: Int,
                                 tally: inout EmbeddedTally) throws(DecodeError) {
        tally.images += 1
        if tally.images > limits.embeddedImages {
            throw .drawing(Words("it embeds more than %1$s images, the most that are read", "\(limits.embeddedImages)"))
        }
        guard let url = DataURL(text) else { throw .drawing(Words("it embeds a data URL that cannot be read")) }
        if isStyleSheet || url.mediaType == "text/css" {
            var sheet = SVGScanner(limits: limits, size: url.bytes.count)
            try Array(url.bytes).withUnsafeBufferPointer { (inner) throws(DecodeError) in try sheet.content(inner) }
            for (nested, _) in sheet.dataURLs { try embedded(nested, isStyleSheet: false, limits: limits, depth: depth, tally: &tally) }
            return
        }
        // librsvg asks the loader for the type the URL declares, or sniffs one if it declares none.
        let format = url.mediaType.isEmpty ? PixbufFormats.format(sniffing: url.bytes)
            : PixbufFormats.all.first { $0.mimeTypes.contains(url.mediaType) }
        guard let format, embeddable.contains(format.name) else {
            throw .drawing(Words("it embeds an image of a type a drawing may not hold (%1$s)", "\(url.mediaType.isEmpty ? format?.name ?? "unknown" : url.mediaType)"))
        }
        if format.name == "svg", depth + 1 >= limits.embeddingDepth {
            throw .drawing(Words("it embeds drawings more than %1$s deep", "\(limits.embeddingDepth)"))
        }
        let size: (width: Int, height: Int, frames: Int)
        do throws(DecodeError) {
            if format.name == "png" || format.name == "jpeg" {
                let found = url.bytes.withUnsafeBytes { raw in format.name == "png" ? RasterSize.png(HeaderBytes(raw)) : RasterSize.jpeg(HeaderBytes(raw)) }
                guard let found else { throw .unreadableHeader(format: format.name.uppercased(), why: Words("cannot be read")) }
                try ImageHeader.checkPixels(found.width, found.height, limits)
                size = (found.width, found.height, 1)
            } else {
                let header = try ImageHeader.read(url.bytes, format: format.name, limits: limits, depth: depth + 1, tally: &tally)
                size = (header?.width ?? 0, header?.height ?? 0, format.name == "webp" ? header?.frames ?? 1 : 1)
            }
        } catch {
            throw .drawing(Words("an image it embeds is refused: %1$s", "\(error)"))
        }
        // Each frame of an embedded animated WebP is decoded; librsvg keeps a decoded image both as
        // the loader's pixbuf and as its own surface.
        tally.pixels += size.width * size.height * size.frames
        if tally.pixels > limits.pixels {
            throw .drawing(Words("the images it embeds add up to more than %1$s megapixels, the most that are read", "\(limits.pixels / 1_000_000)"))
        }
        tally.bytes += size.width * size.height * size.frames * 8
    }
}
