// Why this exists: reads JSON manifests in file order (JSONSerialization loses key order), strictly (RFC 8259), straight into rows, with the line of every fault and a depth limit.
import PhotoFormats
import Foundation
import PhotoDecoding

/// One pass over the bytes: the two accepted shapes, an object of name → URL or an array of
/// {"name": …, "url": …} objects, go to the sink row by row; any other value is still parsed
/// whole (to validate it, and to name its type in an error). Strings without escapes are
/// borrowed from the input, never copied twice.
struct OrderedJSONParser {
    let p: UnsafeRawBufferPointer
    var i = 0
    var line = 1
    var depth = 0
    /// Decoded text of strings that had escapes.
    var keyBuffer: [UInt8] = []
    var nameBuffer: [UInt8] = []
    var urlBuffer: [UInt8] = []
    var skipBuffer: [UInt8] = []

    /// Where a string's bytes are: in the input, or decoded into a buffer.
    enum Span { case input(Range<Int>), decoded }
    /// Which buffer a string with escapes is decoded into.
    enum Slot { case key, name, url, skip }

    static func parseRows(_ data: Data, into sink: RowSink) throws(ManifestError) {
        var failure: ManifestError?
        data.withUnsafeBytes { raw in
            var parser = OrderedJSONParser(p: raw)
            do throws(ManifestError) { try parser.rows(sink) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    init(p: UnsafeRawBufferPointer) { self.p = p }

    func error(_ message: Words) -> ManifestError { ManifestError(Words("malformed JSON: %1$s", message), line: line) }

    @inline(__always) var current: UInt8? { i < p.count ? p[i] : nil }

    mutating func skipWhitespace() {
        while i < p.count {
            switch p[i] {
            case 0x0A: line += 1; i += 1
            case 0x20, 0x09, 0x0D: i += 1
            default: return
            }
        }
    }

    mutating func rows(_ sink: RowSink) throws(ManifestError) {
        if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        skipWhitespace()
        guard let first = current else { throw error(Words("unexpected end of input")) }
        var topLevel: String?
        switch first {
        case UInt8(ascii: "{"): try objectRows(sink)
        case UInt8(ascii: "["): try arrayRows(sink)
        default: topLevel = try skipValue()
        }
        skipWhitespace()
        guard i == p.count else { throw error(Words("unexpected text after the JSON value")) }
        if let topLevel {
            throw ManifestError(Words("the top level is %1$s; expected a dictionary of name → URL or an array of {name, url}", ManifestValue.typeWords(topLevel)))
        }
        sink.flush()
    }

    mutating func enter() throws(ManifestError) {
        depth += 1
        guard depth <= 64 else { throw error(Words("nesting deeper than 64 levels")) }
    }

    // MARK: the two shapes

    /// {"name": "url", …}
    mutating func objectRows(_ sink: RowSink) throws(ManifestError) {
        try enter(); defer { depth -= 1 }
        i += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error(Words("expected a string key")) }
            let keyLine = line
            let key = try string(.key)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error(Words("expected “:” after the key “%1$s”", "\(text(key, keyBuffer))")) }
            i += 1
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                let type = try skipValue()
                throw ManifestError(Words("the value is %1$s; expected a URL string", ManifestValue.typeWords(type)), line: keyLine, entry: text(key, keyBuffer))
            }
            let url: Span
            do { url = try string(.url) } catch { throw error.naming(text(key, keyBuffer)) }
            add(sink, name: key, nameIn: keyBuffer, url: url, urlIn: urlBuffer)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return
            default: throw error(Words("expected “,” or “}” in an object"))
            }
        }
    }

    /// [{"name": …, "url": …}, …]
    mutating func arrayRows(_ sink: RowSink) throws(ManifestError) {
        try enter(); defer { depth -= 1 }
        i += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { i += 1; return }
        var index = 0
        while true {
            skipWhitespace()
            index += 1
            let itemLine = line
            guard current == UInt8(ascii: "{") else {
                let type = try skipValue()
                throw ManifestError(Words("the item is %1$s; expected {\"name\": …, \"url\": …}", ManifestValue.typeWords(type)), line: itemLine, entry: "#\(index)")
            }
            do { try itemRow(sink, line: itemLine, label: "#\(index)") } catch { throw error.naming("#\(index)") }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return
            default: throw error(Words("expected “,” or “]” in an array"))
            }
        }
    }

    static let nameKey = Array("name".utf8), urlKey = Array("url".utf8)

    /// One {"name": …, "url": …}; other keys are allowed (and skipped); the first of a repeated key counts.
    mutating func itemRow(_ sink: RowSink, line itemLine: Int, label: String) throws(ManifestError) {
        try enter(); defer { depth -= 1 }
        i += 1
        var name: Span?, url: Span?
        skipWhitespace()
        if current == UInt8(ascii: "}") { i += 1 } else {
            fields: while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error(Words("expected a string key")) }
                let keyLine = line
                let key = try string(.key)
                let isName = name == nil && equals(key, keyBuffer, Self.nameKey)
                let isURL = !isName && url == nil && equals(key, keyBuffer, Self.urlKey)
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error(Words("expected “:” after the key “%1$s”", "\(text(key, keyBuffer))")) }
                i += 1
                skipWhitespace()
                if isName || isURL {
                    guard current == UInt8(ascii: "\"") else {
                        let type = try skipValue()
                        throw ManifestError(Words("“%1$s” is %2$s; expected a string", "\(isName ? "name" : "url")", ManifestValue.typeWords(type)), line: keyLine, entry: label)
                    }
                    if isName { name = try string(.name) } else { url = try string(.url) }
                } else {
                    _ = try skipValue()
                }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"): i += 1; break fields
                default: throw error(Words("expected “,” or “}” in an object"))
                }
            }
        }
        guard let name else { throw ManifestError(Words("missing “name”"), line: itemLine, entry: label) }
        guard let url else { throw ManifestError(Words("missing “url”"), line: itemLine, entry: label) }
        add(sink, name: name, nameIn: nameBuffer, url: url, urlIn: urlBuffer)
    }

    // MARK: spans

    func add(_ sink: RowSink, name: Span, nameIn nameDecoded: [UInt8], url: Span, urlIn urlDecoded: [UInt8]) {
        withBytes(name, nameDecoded) { n in withBytes(url, urlDecoded) { u in sink.add(name: n, url: u) } }
    }

    func withBytes<R>(_ span: Span, _ decoded: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch span {
        case .input(let range): return body(UnsafeRawBufferPointer(rebasing: p[range]))
        case .decoded: return decoded.withUnsafeBytes(body)
        }
    }

    func text(_ span: Span, _ decoded: [UInt8]) -> String {
        withBytes(span, decoded) { String(decoding: $0, as: UTF8.self) }
    }

    func equals(_ span: Span, _ decoded: [UInt8], _ literal: [UInt8]) -> Bool {
        withBytes(span, decoded) { $0.count == literal.count && $0.elementsEqual(literal) }
    }
}
