// Why this exists: reads JSON manifests in file order (JSONSerialization loses key order), strictly (RFC 8259), straight into rows, with the line of every fault and a depth limit.
import Foundation

/// One pass over the bytes: the two accepted shapes, an object of name → URL or an array of
/// {"name": …, "url": …} objects, go to the sink row by row; any other value is still parsed
/// whole (to validate it, and to name its type in an error). Strings without escapes are
/// borrowed from the input, never copied twice.
struct OrderedJSONParser {
    private let p: UnsafeRawBufferPointer
    private var i = 0
    private var line = 1
    private var depth = 0
    /// Decoded text of strings that had escapes.
    private var keyBuffer: [UInt8] = []
    private var nameBuffer: [UInt8] = []
    private var urlBuffer: [UInt8] = []
    private var skipBuffer: [UInt8] = []

    /// Where a string's bytes are: in the input, or decoded into a buffer.
    private enum Span { case input(Range<Int>), decoded }
    /// Which buffer a string with escapes is decoded into.
    private enum Slot { case key, name, url, skip }

    static func parseRows(_ data: Data, into sink: RowSink) throws(ManifestError) {
        var failure: ManifestError?
        data.withUnsafeBytes { raw in
            var parser = OrderedJSONParser(p: raw)
            do throws(ManifestError) { try parser.rows(sink) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private init(p: UnsafeRawBufferPointer) { self.p = p }

    private func error(_ message: String) -> ManifestError { ManifestError("malformed JSON: \(message)", line: line) }

    @inline(__always) private var current: UInt8? { i < p.count ? p[i] : nil }

    private mutating func skipWhitespace() {
        while i < p.count {
            switch p[i] {
            case 0x0A: line += 1; i += 1
            case 0x20, 0x09, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func rows(_ sink: RowSink) throws(ManifestError) {
        if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        skipWhitespace()
        guard let first = current else { throw error("unexpected end of input") }
        var topLevel: String?
        switch first {
        case UInt8(ascii: "{"): try objectRows(sink)
        case UInt8(ascii: "["): try arrayRows(sink)
        default: topLevel = try skipValue()
        }
        skipWhitespace()
        guard i == p.count else { throw error("unexpected text after the JSON value") }
        if let topLevel {
            throw ManifestError("the top level is \(topLevel); expected a dictionary of name → URL or an array of {name, url}")
        }
        sink.flush()
    }

    private mutating func enter() throws(ManifestError) {
        depth += 1
        guard depth <= 64 else { throw error("nesting deeper than 64 levels") }
    }

    // MARK: the two shapes

    /// {"name": "url", …}
    private mutating func objectRows(_ sink: RowSink) throws(ManifestError) {
        try enter(); defer { depth -= 1 }
        i += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyLine = line
            let key = try string(.key)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected “:” after the key “\(text(key, keyBuffer))”") }
            i += 1
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                let type = try skipValue()
                throw ManifestError("the value is \(type); expected a URL string", line: keyLine, entry: text(key, keyBuffer))
            }
            let url: Span
            do { url = try string(.url) } catch { throw error.naming(text(key, keyBuffer)) }
            add(sink, name: key, nameIn: keyBuffer, url: url, urlIn: urlBuffer)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return
            default: throw error("expected “,” or “}” in an object")
            }
        }
    }

    /// [{"name": …, "url": …}, …]
    private mutating func arrayRows(_ sink: RowSink) throws(ManifestError) {
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
                throw ManifestError("the item is \(type); expected {\"name\": …, \"url\": …}", line: itemLine, entry: "#\(index)")
            }
            do { try itemRow(sink, line: itemLine, label: "#\(index)") } catch { throw error.naming("#\(index)") }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return
            default: throw error("expected “,” or “]” in an array")
            }
        }
    }

    private static let nameKey = Array("name".utf8), urlKey = Array("url".utf8)

    /// One {"name": …, "url": …}; other keys are allowed (and skipped); the first of a repeated key counts.
    private mutating func itemRow(_ sink: RowSink, line itemLine: Int, label: String) throws(ManifestError) {
        try enter(); defer { depth -= 1 }
        i += 1
        var name: Span?, url: Span?
        skipWhitespace()
        if current == UInt8(ascii: "}") { i += 1 } else {
            fields: while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let keyLine = line
                let key = try string(.key)
                let isName = name == nil && equals(key, keyBuffer, Self.nameKey)
                let isURL = !isName && url == nil && equals(key, keyBuffer, Self.urlKey)
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected “:” after the key “\(text(key, keyBuffer))”") }
                i += 1
                skipWhitespace()
                if isName || isURL {
                    guard current == UInt8(ascii: "\"") else {
                        let type = try skipValue()
                        throw ManifestError("“\(isName ? "name" : "url")” is \(type); expected a string", line: keyLine, entry: label)
                    }
                    if isName { name = try string(.name) } else { url = try string(.url) }
                } else {
                    _ = try skipValue()
                }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"): i += 1; break fields
                default: throw error("expected “,” or “}” in an object")
                }
            }
        }
        guard let name else { throw ManifestError("missing “name”", line: itemLine, entry: label) }
        guard let url else { throw ManifestError("missing “url”", line: itemLine, entry: label) }
        add(sink, name: name, nameIn: nameBuffer, url: url, urlIn: urlBuffer)
    }

    // MARK: spans

    private func add(_ sink: RowSink, name: Span, nameIn nameDecoded: [UInt8], url: Span, urlIn urlDecoded: [UInt8]) {
        withBytes(name, nameDecoded) { n in withBytes(url, urlDecoded) { u in sink.add(name: n, url: u) } }
    }

    private func withBytes<R>(_ span: Span, _ decoded: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch span {
        case .input(let range): return body(UnsafeRawBufferPointer(rebasing: p[range]))
        case .decoded: return decoded.withUnsafeBytes(body)
        }
    }

    private func text(_ span: Span, _ decoded: [UInt8]) -> String {
        withBytes(span, decoded) { String(decoding: $0, as: UTF8.self) }
    }

    private func equals(_ span: Span, _ decoded: [UInt8], _ literal: [UInt8]) -> Bool {
        withBytes(span, decoded) { $0.count == literal.count && $0.elementsEqual(literal) }
    }

    // MARK: values

    /// Parse (and validate) any value without keeping it; returns its type's name for errors.
    private mutating func skipValue() throws(ManifestError) -> String {
        skipWhitespace()
        guard let byte = current else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"):
            try enter(); defer { depth -= 1 }
            i += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") { i += 1; return "a dictionary" }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string(.key)
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected “:” after the key “\(text(key, keyBuffer))”") }
                i += 1
                _ = try skipValue()
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"): i += 1; return "a dictionary"
                default: throw error("expected “,” or “}” in an object")
                }
            }
        case UInt8(ascii: "["):
            try enter(); defer { depth -= 1 }
            i += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") { i += 1; return "an array" }
            while true {
                _ = try skipValue()
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "]"): i += 1; return "an array"
                default: throw error("expected “,” or “]” in an array")
                }
            }
        case UInt8(ascii: "\""): _ = try string(.skip); return "a string"
        case UInt8(ascii: "t"): try literal("true"); return "a boolean"
        case UInt8(ascii: "f"): try literal("false"); return "a boolean"
        case UInt8(ascii: "n"): try literal("null"); return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(); return "a number"
        default:
            throw error("unexpected character “\(String(decoding: [byte], as: UTF8.self))”")
        }
    }

    private mutating func literal(_ word: StaticString) throws(ManifestError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= p.count else { throw error("unexpected character") }
        for k in 0..<count where p[i + k] != word.utf8Start[k] { throw error("unexpected character") }
        i += count
    }

    private mutating func number() throws(ManifestError) {
        if current == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
        guard digits > 0 else { throw error("bad number") }
        if current == UInt8(ascii: ".") {
            i += 1; digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
            guard digits > 0 else { throw error("bad number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            i += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
            guard digits > 0 else { throw error("bad number") }
        }
    }

    /// A string at `i` (on its opening quote). Without escapes its bytes stay in the input;
    /// with them, they are decoded into `buffer`. Invalid UTF-8 is kept as it is: a row with it
    /// fails on its own (URLPolicy), not the whole gallery.
    private mutating func string(_ slot: Slot) throws(ManifestError) -> Span {
        i += 1 // opening quote
        let start = i
        while i < p.count {
            let c = p[i]
            if c == UInt8(ascii: "\"") { i += 1; return .input(start..<i - 1) }
            if c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        var buffer: [UInt8] = []
        switch slot {
        case .key: swap(&buffer, &keyBuffer)
        case .name: swap(&buffer, &nameBuffer)
        case .url: swap(&buffer, &urlBuffer)
        case .skip: swap(&buffer, &skipBuffer)
        }
        defer {
            switch slot {
            case .key: swap(&buffer, &keyBuffer)
            case .name: swap(&buffer, &nameBuffer)
            case .url: swap(&buffer, &urlBuffer)
            case .skip: swap(&buffer, &skipBuffer)
            }
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[start..<i]))
        while true {
            guard let c = current else { throw error("unterminated string") }
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                return .decoded
            case UInt8(ascii: "\\"):
                guard let e = current else { throw error("unterminated escape") }
                i += 1
                switch e {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), i + 1 < p.count, p[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default: throw error("bad escape “\\\(String(decoding: [e], as: UTF8.self))”")
                }
            case 0x00...0x1F:
                throw error("a control character inside a string")
            default:
                buffer.append(c)
            }
        }
    }

    private mutating func hex4() throws(ManifestError) -> UInt32 {
        guard i + 4 <= p.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = p[i]
            i += 1
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
            default: throw error("bad hex digit in \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }
}
