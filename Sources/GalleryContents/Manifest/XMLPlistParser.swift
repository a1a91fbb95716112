// Why this exists: reads the original ClassicPhotos format, an XML property list, in file order, straight into rows, with the line of every fault.
//
// A small hand-written reader for the XML that property lists use (declaration, comments,
// DOCTYPE, elements, text, entities, CDATA). Foundation's XMLParser was tried first: the
// fuzzer crashed it (the whole process) with inputs as small as `<?x?>h` followed by a newline.
// This reader never trusts a length or nests deeper than 64, and it expands only XML's five
// named entities and character references, so an entity bomb has nothing to expand.
import PhotoFormats
import Foundation
import PhotoDecoding

enum XMLPlistParser {
    /// The rows of a <dict> of name → <string> (or an <array> of such dicts with name and url).
    static func parseRows(_ data: Data, into sink: RowSink) throws(ManifestError) {
        var failure: ManifestError?
        data.withUnsafeBytes { raw in
            var reader = Reader(p: raw)
            do throws(ManifestError) { try reader.document(sink) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    struct Reader {
        let p: UnsafeRawBufferPointer
        var i = 0
        var line = 1
        /// Text of the current <key> and <string> (decoded: entities, CDATA).
        var keyText: [UInt8] = []
        var valueText: [UInt8] = []

        init(p: UnsafeRawBufferPointer) {
            self.p = p
            if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        }

        func fail(_ message: Words, line: Int? = nil, entry: String? = nil) -> ManifestError {
            ManifestError(message, line: line ?? self.line, entry: entry)
        }

        var atEnd: Bool { i >= p.count }
        @inline(__always) func peek(_ offset: Int = 0) -> UInt8? { i + offset < p.count ? p[i + offset] : nil }

        func looking(at text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard i + count <= p.count else { return false }
            for k in 0..<count where p[i + k] != text.utf8Start[k] { return false }
            return true
        }

        @inline(__always) mutating func advance(_ count: Int = 1) {
            let end = min(i + count, p.count)
            while i < end {
                if p[i] == 0x0A { line += 1 }
                i += 1
            }
        }

        /// Skip past `terminator`, failing at the end of input.
        mutating func skip(past terminator: StaticString, what: Words) throws(ManifestError) {
            let start = line
            while !atEnd {
                if looking(at: terminator) { advance(terminator.utf8CodeUnitCount); return }
                advance()
            }
            throw fail(Words("malformed XML: unterminated %1$s", what), line: start)
        }

        mutating func skipWhitespace() {
            while let c = peek(), c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { advance() }
        }

        /// Comments, processing instructions (the XML declaration) and the DOCTYPE, between elements.
        mutating func skipMisc() throws(ManifestError) {
            while true {
                skipWhitespace()
                if looking(at: "<!--") { try skip(past: "-->", what: Words("comment")) }
                else if looking(at: "<?") { try skip(past: "?>", what: Words("processing instruction")) }
                else if looking(at: "<!DOCTYPE") {
                    while let c = peek(), c != UInt8(ascii: ">") {
                        if c == UInt8(ascii: "[") { throw fail(Words("malformed XML: a DOCTYPE with an internal subset is not allowed")) }
                        advance()
                    }
                    if atEnd { throw fail(Words("malformed XML: unterminated DOCTYPE")) }
                    advance()
                } else { return }
            }
        }

        mutating func document(_ sink: RowSink) throws(ManifestError) {
            try skipMisc()
            guard looking(at: "<") else { throw fail(Words("malformed XML: expected <plist>")) }
            let root = try tag()
            guard !root.closing, root.name == "plist" else { throw fail(Words("expected <plist> as the root element, found <%1$s>", "\(root.name)")) }
            var found = false
            if !root.selfClosing {
                try skipMisc()
                if !looking(at: "</") {
                    try topLevel(sink)
                    found = true
                    try skipMisc()
                }
                let end = try tag()
                guard end.closing, end.name == "plist" else {
                    throw fail(end.closing ? Words("malformed XML: </%1$s> closes <plist>", end.name) : Words("<plist> holds more than one value"))
                }
            }
            try skipMisc()
            guard atEnd else { throw fail(Words("malformed XML: content after </plist>")) }
            guard found else { throw ManifestError(Words("the property list has no value in <plist>")) }
            sink.flush()
        }

        struct Tag { var name: String; var closing: Bool; var selfClosing: Bool; var line: Int }

        /// Reads `<name attr="…">`, `</name>` or `<name/>` (attributes are checked and ignored).
        mutating func tag() throws(ManifestError) -> Tag {
            let start = line
            advance() // <
            let closing = peek() == UInt8(ascii: "/")
            if closing { advance() }
            let nameStart = i
            while let c = peek(), isNameByte(c) { i += 1 }
            guard i > nameStart else { throw fail(Words("malformed XML: a tag without a name")) }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: p[nameStart..<i]), as: UTF8.self)
            var selfClosing = false
            while true {
                skipWhitespace()
                guard let c = peek() else { throw fail(Words("malformed XML: unterminated tag <%1$s>", "\(name)"), line: start) }
                if c == UInt8(ascii: ">") { advance(); break }
                if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: ">"), !closing { selfClosing = true; advance(2); break }
                guard !closing, isNameByte(c) else { throw fail(Words("malformed XML: unexpected character in a tag")) }
                while let c = peek(), isNameByte(c) { i += 1 }
                skipWhitespace()
                guard peek() == UInt8(ascii: "=") else { throw fail(Words("malformed XML: an attribute without a value")) }
                advance(); skipWhitespace()
                guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw fail(Words("malformed XML: an attribute value without quotes"))
                }
                advance()
                while let c = peek(), c != quote {
                    if c == UInt8(ascii: "<") { throw fail(Words("malformed XML: “<” in an attribute value")) }
                    advance()
                }
                if atEnd { throw fail(Words("malformed XML: unterminated attribute value"), line: start) }
                advance()
            }
            return Tag(name: name, closing: closing, selfClosing: selfClosing, line: start)
        }

        @inline(__always) func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":") || c >= 0x80
        }

        // MARK: the accepted shapes, straight to rows

        /// The value in <plist>: a <dict> of name → <string>, or an <array> of dicts with name
        /// and url; anything else is read whole only to name it in the error.
        mutating func topLevel(_ sink: RowSink) throws(ManifestError) {
            let open = try tag()
            guard !open.closing else { throw fail(Words("malformed XML: unexpected </%1$s>", "\(open.name)")) }
            switch open.name {
            case "dict": if !open.selfClosing { try dictRows(sink) }
            case "array": if !open.selfClosing { try arrayRows(sink) }
            default:
                let value = try rest(of: open, depth: 1)
                throw ManifestError(Words("the top level is %1$s; expected a dictionary of name → URL or an array of {name, url}", ManifestValue.typeWords(value.typeName)))
            }
        }

        mutating func dictRows(_ sink: RowSink) throws(ManifestError) {
            // The two text buffers, reused row after row (taken out of self while they are filled).
            var keyText: [UInt8] = [], valueText: [UInt8] = []
            swap(&keyText, &self.keyText); swap(&valueText, &self.valueText)
            defer { swap(&keyText, &self.keyText); swap(&valueText, &self.valueText) }
            while true {
                try skipMisc()
                guard looking(at: "<") else { throw fail(Words("malformed XML: text in <dict>")) }
                if looking(at: "</") { try close("dict"); return }
                let keyTag = try tag()
                guard keyTag.name == "key", !keyTag.closing else { throw fail(Words("expected <key> in <dict>, found <%1$s>", "\(keyTag.name)")) }
                keyText.removeAll(keepingCapacity: true)
                if !keyTag.selfClosing { try text(until: "key", into: &keyText) }
                try skipMisc()
                guard looking(at: "<"), !looking(at: "</") else {
                    throw fail(Words("the key “%1$s” has no value", "\(String(decoding: keyText, as: UTF8.self))"), line: keyTag.line, entry: String(decoding: keyText, as: UTF8.self))
                }
                let valueLine = line
                let open = try tag()
                guard !open.closing else { throw fail(Words("malformed XML: unexpected </%1$s>", "\(open.name)")) }
                if open.name == "string" {
                    valueText.removeAll(keepingCapacity: true)
                    if !open.selfClosing {
                        do { try text(until: "string", into: &valueText) } catch { throw error.naming(String(decoding: keyText, as: UTF8.self)) }
                    }
                    keyText.withUnsafeBytes { k in valueText.withUnsafeBytes { v in sink.add(name: k, url: v) } }
                } else {
                    let key = String(decoding: keyText, as: UTF8.self)
                    let value = try rest(of: open, depth: 2)
                    throw ManifestError(Words("the value is %1$s; expected a URL string", ManifestValue.typeWords(value.typeName)), line: valueLine, entry: key)
                }
            }
        }

        mutating func arrayRows(_ sink: RowSink) throws(ManifestError) {
            var index = 0
            while true {
                try skipMisc()
                guard looking(at: "<") else { throw fail(Words("malformed XML: text in <array>")) }
                if looking(at: "</") { try close("array"); return }
                index += 1
                let itemLine = line
                let label = "#\(index)"
                let item: ManifestValue
                do { item = try element(depth: 2) } catch { throw error.naming(label) }
                guard case .dictionary(let fields) = item else {
                    throw ManifestError(Words("the item is %1$s; expected {\"name\": …, \"url\": …}", ManifestValue.typeWords(item.typeName)), line: itemLine, entry: label)
                }
                func field(_ key: String) throws(ManifestError) -> String {
                    guard let found = fields.first(where: { $0.key == key }) else { throw ManifestError(Words("missing “%1$s”", "\(key)"), line: itemLine, entry: label) }
                    guard case .string(let text) = found.value else {
                        throw ManifestError(Words("“%1$s” is %2$s; expected a string", "\(key)", ManifestValue.typeWords(found.value.typeName)), line: found.line ?? itemLine, entry: label)
                    }
                    return text
                }
                sink.add(name: try field("name"), url: try field("url"))
            }
        }
    }
}
