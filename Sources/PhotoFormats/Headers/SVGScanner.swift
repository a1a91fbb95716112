// Why this exists: a drawing's XML read as librsvg's parser will read it (comments, CDATA, processing instructions, the DOCTYPE's internal entities expanded in text and attributes, character references decoded), to count its elements and find every `data:` URL it could load, however it is spelled.
import Foundation

/// One pass over a drawing's text. Whatever XML it cannot follow is refused: what the scanner
/// cannot read is not handed to a parser that might read it otherwise.
package struct SVGScanner {
    package private(set) var elements = 0
    /// The first element's name and its attributes (the root).
    package private(set) var root: (name: String, attributes: [String: String])?
    /// Bytes entity references expanded to.
    package private(set) var expanded = 0
    /// Every `data:` URL found, as written after expansion, and whether it was loaded as a
    /// style sheet (`<?xml-stylesheet?>`, `@import`).
    package private(set) var dataURLs: [(url: [UInt8], isStyleSheet: Bool)] = []
    package var entities: [String: [UInt8]] = [:]
    package let limits: ImageLimits
    package let expansionLimit: Int

    package static let maxEntityDepth = 16

    package init(limits: ImageLimits, size: Int) {
        self.limits = limits
        expansionLimit = 1 << 20 + 8 * size
    }

    package static func malformed(_ why: Words) -> DecodeError { .drawing(Words("it is not XML its reader follows (%1$s)", why)) }

    // MARK: content

    /// Scan `text` as element content: markup, text and references.
    package mutating func content(_ text: UnsafeBufferPointer<UInt8>, depth: Int = 0) throws(DecodeError) {
        var at = 0
        var run: [UInt8] = []
        while at < text.count {
            let byte = text[at]
            if byte == UInt8(ascii: "<") {
                try css(run)
                run.removeAll(keepingCapacity: true)
                at = try markup(text, at, depth: depth)
            } else if byte == UInt8(ascii: "&") {
                let (reference, next) = try Self.reference(text, at)
                at = next
                switch reference {
                case .text(let bytes): run += bytes
                case .entity(let name):
                    guard let value = try expand(name, depth: depth) else { continue }
                    try css(run)
                    run.removeAll(keepingCapacity: true)
                    // An entity's text in content is parsed as markup.
                    try value.withUnsafeBufferPointer { (inner) throws(DecodeError) in try content(inner, depth: depth + 1) }
                }
            } else {
                run.append(byte)
                at += 1
            }
        }
        try css(run)
    }

    /// The markup at `at` (a `<`): returns where it ends.
    private mutating func markup(_ text: UnsafeBufferPointer<UInt8>, _ at: Int, depth: Int) throws(DecodeError) -> Int {
        if Self.starts(text, at, "<!--") { return try Self.skip(text, past: "-->", from: at + 4) }
        if Self.starts(text, at, "<![CDATA[") {
            let end = try Self.find(text, "]]>", from: at + 9)
            try css(Array(text[(at + 9)..<end]))
            return end + 3
        }
        if Self.starts(text, at, "<!DOCTYPE") { return try doctype(text, at + 9) }
        if Self.starts(text, at, "<!") { return try Self.skip(text, past: ">", from: at + 2) }
        if Self.starts(text, at, "<?") {
            let end = try Self.find(text, "?>", from: at + 2)
            try instruction(Array(text[(at + 2)..<end]))
            return end + 2
        }
        if Self.starts(text, at, "</") { return try Self.skip(text, past: ">", from: at + 2) }
        return try startTag(text, at + 1, depth: depth)
    }

    private mutating func startTag(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int) throws(DecodeError) -> Int {
        var at = start
        while at < text.count, !Self.isSpace(text[at]), text[at] != UInt8(ascii: ">"), text[at] != UInt8(ascii: "/") { at += 1 }
        guard at > start else { throw Self.malformed(Words("a “<” that starts no element")) }
        let name = String(decoding: text[start..<at], as: UTF8.self)
        elements += 1
        if elements > limits.drawingElements {
            throw .drawing(Words("it has more than %1$s elements, the most that are read", "\(limits.drawingElements)"))
        }
        var attributes: [String: String] = [:]
        while true {
            while at < text.count, Self.isSpace(text[at]) { at += 1 }
            guard at < text.count else { throw Self.malformed(Words("an element that does not end")) }
            if text[at] == UInt8(ascii: ">") { at += 1; break }
            if Self.starts(text, at, "/>") { at += 2; break }
            let nameStart = at
            while at < text.count, !Self.isSpace(text[at]), text[at] != UInt8(ascii: "=") { at += 1 }
            let attribute = String(decoding: text[nameStart..<at], as: UTF8.self)
            while at < text.count, Self.isSpace(text[at]) { at += 1 }
            guard at < text.count, text[at] == UInt8(ascii: "=") else { throw Self.malformed(Words("an attribute without a value")) }
            at += 1
            while at < text.count, Self.isSpace(text[at]) { at += 1 }
            guard at < text.count, text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") else {
                throw Self.malformed(Words("an attribute value without quotes"))
            }
            let end = try Self.find(text, text[at] == UInt8(ascii: "\"") ? "\"" : "'", from: at + 1)
            let value = try attributeValue(UnsafeBufferPointer(rebasing: text[(at + 1)..<end]), depth: depth)
            at = end + 1
            try check(value)
            if root == nil { attributes[attribute] = String(decoding: value, as: UTF8.self) }
        }
        if root == nil { root = (name, attributes) }
        return at
    }

    /// An attribute's value with its references expanded (their text is never markup here).
    private mutating func attributeValue(_ raw: UnsafeBufferPointer<UInt8>, depth: Int) throws(DecodeError) -> [UInt8] {
        guard depth <= Self.maxEntityDepth else { throw .drawing(Words("its entities nest deeper than %1$s", "\(Self.maxEntityDepth)")) }
        var value: [UInt8] = []
        var at = 0
        while at < raw.count {
            guard raw[at] == UInt8(ascii: "&") else { value.append(raw[at]); at += 1; continue }
            let (reference, next) = try Self.reference(raw, at)
            at = next
            switch reference {
            case .text(let bytes): value += bytes
            case .entity(let name):
                guard let expansion = try expand(name, depth: depth) else { continue }
                value += try expansion.withUnsafeBufferPointer { (inner) throws(DecodeError) in try attributeValue(inner, depth: depth + 1) }
            }
        }
        return value
    }

    /// An internal entity's text, counted against the expansion limit; nil for one not declared
    /// here (an external one, which librsvg cannot load without a base address either).
    private mutating func expand(_ name: String, depth: Int) throws(DecodeError) -> [UInt8]? {
        guard depth < Self.maxEntityDepth else { throw .drawing(Words("its entities nest deeper than %1$s", "\(Self.maxEntityDepth)")) }
        guard let value = entities[name] else { return nil }
        expanded += value.count
        if expanded > expansionLimit { throw .drawing(Words("its entities expand past %1$s MB", "\(expansionLimit >> 20)")) }
        return value
    }

    // MARK: where URLs hide

    /// A value that is a data URL, or holds `url(…)` (styles, presentation attributes).
    private mutating func check(_ value: [UInt8]) throws(DecodeError) {
        let trimmed = value.drop { Self.isSpace($0) }
        if Self.startsCaseless(Array(trimmed.prefix(5)), "data:") { record(Array(trimmed), isStyleSheet: false) }
        try css(value)
    }

    /// Text that may be CSS: every `url(…)` and `@import "…"` that is a data URL.
    private mutating func css(_ text: [UInt8]) throws(DecodeError) {
        guard text.count >= 5 else { return }
        var at = 0
        while at < text.count {
            let isURL = Self.startsCaseless(text, "url(", at: at), isImport = Self.startsCaseless(text, "@import", at: at)
            guard isURL || isImport else { at += 1; continue }
            at += isURL ? 4 : 7
            while at < text.count, Self.isSpace(text[at]) { at += 1 }
            if isImport, Self.startsCaseless(text, "url(", at: at) { continue }
            var end = at
            if at < text.count, text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") {
                let quote = text[at]
                at += 1
                end = at
                while end < text.count, text[end] != quote { end += 1 }
            } else {
                while end < text.count, text[end] != UInt8(ascii: ")"), !(isImport && (Self.isSpace(text[end]) || text[end] == UInt8(ascii: ";"))) { end += 1 }
            }
            let url = Array(text[at..<end]).drop { Self.isSpace($0) }
            if Self.startsCaseless(Array(url.prefix(5)), "data:") { record(Array(url), isStyleSheet: isImport) }
            at = end
        }
    }

    /// `<?xml-stylesheet href="…"?>` loads a style sheet.
    private mutating func instruction(_ body: [UInt8]) throws(DecodeError) {
        guard Self.startsCaseless(body, "xml-stylesheet") else { return }
        let text = String(decoding: body, as: UTF8.self)
        guard let href = text.range(of: "href") else { return }
        let rest = text[href.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let value = rest.dropFirst().prefix { $0 != quote }
        if value.lowercased().hasPrefix("data:") { record(Array(value.utf8), isStyleSheet: true) }
    }

    private mutating func record(_ url: [UInt8], isStyleSheet: Bool) {
        dataURLs.append((url, isStyleSheet))
    }
}
