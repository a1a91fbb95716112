// Why this exists: reads the original ClassicPhotos format, an XML property list, keeping the file's key order and line numbers.
//
// A small hand-written reader for the XML that property lists use (declaration, comments,
// DOCTYPE, elements, text, entities, CDATA). Foundation's XMLParser was tried first: the
// fuzzer crashed it (the whole process) with inputs as small as `<?x?>h` followed by a newline.
// This reader never trusts a length or nests deeper than 64, and it expands only XML's five
// named entities and character references, so an entity bomb has nothing to expand.
import Foundation

enum XMLPlistParser {
    static func parse(_ data: Data) throws(ManifestError) -> ManifestValue {
        var reader = Reader(bytes: [UInt8](data))
        return try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ message: String, line: Int? = nil, entry: String? = nil) -> ManifestError {
            ManifestError(message, line: line ?? self.line, entry: entry)
        }

        var atEnd: Bool { index >= bytes.count }
        func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func looking(at text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && Array(bytes[index..<index + utf8.count]) == utf8
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < bytes.count {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        /// Skip past `terminator`, failing at the end of input.
        mutating func skip(past terminator: String, what: String) throws(ManifestError) {
            let start = line
            while !atEnd {
                if looking(at: terminator) { advance(terminator.utf8.count); return }
                advance()
            }
            throw fail("malformed XML: unterminated \(what)", line: start)
        }

        mutating func skipWhitespace() {
            while let c = peek(), c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { advance() }
        }

        /// Comments, processing instructions (the XML declaration) and the DOCTYPE, between elements.
        mutating func skipMisc() throws(ManifestError) {
            while true {
                skipWhitespace()
                if looking(at: "<!--") { try skip(past: "-->", what: "comment") }
                else if looking(at: "<?") { try skip(past: "?>", what: "processing instruction") }
                else if looking(at: "<!DOCTYPE") {
                    while let c = peek(), c != UInt8(ascii: ">") {
                        if c == UInt8(ascii: "[") { throw fail("malformed XML: a DOCTYPE with an internal subset is not allowed") }
                        advance()
                    }
                    if atEnd { throw fail("malformed XML: unterminated DOCTYPE") }
                    advance()
                } else { return }
            }
        }

        mutating func document() throws(ManifestError) -> ManifestValue {
            try skipMisc()
            guard looking(at: "<") else { throw fail("malformed XML: expected <plist>") }
            let root = try tag()
            guard !root.closing, root.name == "plist" else { throw fail("expected <plist> as the root element, found <\(root.name)>") }
            var value: ManifestValue?
            if !root.selfClosing {
                try skipMisc()
                if !looking(at: "</") {
                    value = try element(depth: 1)
                    try skipMisc()
                }
                let end = try tag()
                guard end.closing, end.name == "plist" else {
                    throw fail(end.closing ? "malformed XML: </\(end.name)> closes <plist>" : "<plist> holds more than one value")
                }
            }
            try skipMisc()
            guard atEnd else { throw fail("malformed XML: content after </plist>") }
            guard let value else { throw ManifestError("the property list has no value in <plist>") }
            return value
        }

        struct Tag { var name: String; var closing: Bool; var selfClosing: Bool; var line: Int }

        /// Reads `<name attr="…">`, `</name>` or `<name/>` (attributes are checked and ignored).
        mutating func tag() throws(ManifestError) -> Tag {
            let start = line
            advance() // <
            let closing = peek() == UInt8(ascii: "/")
            if closing { advance() }
            var name: [UInt8] = []
            while let c = peek(), isNameByte(c) { name.append(c); advance() }
            guard !name.isEmpty else { throw fail("malformed XML: a tag without a name") }
            var selfClosing = false
            while true {
                skipWhitespace()
                guard let c = peek() else { throw fail("malformed XML: unterminated tag <\(String(decoding: name, as: UTF8.self))>", line: start) }
                if c == UInt8(ascii: ">") { advance(); break }
                if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: ">"), !closing { selfClosing = true; advance(2); break }
                guard !closing, isNameByte(c) else { throw fail("malformed XML: unexpected character in a tag") }
                while let c = peek(), isNameByte(c) { advance() }
                skipWhitespace()
                guard peek() == UInt8(ascii: "=") else { throw fail("malformed XML: an attribute without a value") }
                advance(); skipWhitespace()
                guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw fail("malformed XML: an attribute value without quotes")
                }
                advance()
                while let c = peek(), c != quote {
                    if c == UInt8(ascii: "<") { throw fail("malformed XML: “<” in an attribute value") }
                    advance()
                }
                if atEnd { throw fail("malformed XML: unterminated attribute value", line: start) }
                advance()
            }
            return Tag(name: String(decoding: name, as: UTF8.self), closing: closing, selfClosing: selfClosing, line: start)
        }

        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":") || c >= 0x80
        }

        /// One value element: <dict>, <array>, <string>… Nesting deeper than 64 is refused.
        mutating func element(depth: Int) throws(ManifestError) -> ManifestValue {
            guard depth <= 64 else { throw fail("the property list nests deeper than 64 levels") }
            let open = try tag()
            guard !open.closing else { throw fail("malformed XML: unexpected </\(open.name)>") }
            switch open.name {
            case "dict":
                var entries: [(key: String, value: ManifestValue, line: Int?)] = []
                if open.selfClosing { return .dictionary(entries) }
                while true {
                    try skipMisc()
                    guard looking(at: "<") else { throw fail("malformed XML: text in <dict>") }
                    if looking(at: "</") { try close("dict"); return .dictionary(entries) }
                    let keyTag = try tag()
                    guard keyTag.name == "key", !keyTag.closing else { throw fail("expected <key> in <dict>, found <\(keyTag.name)>") }
                    let key = keyTag.selfClosing ? "" : try text(until: "key")
                    try skipMisc()
                    guard looking(at: "<"), !looking(at: "</") else {
                        throw fail("the key “\(key)” has no value", line: keyTag.line, entry: key)
                    }
                    let valueLine = line
                    entries.append((key: key, value: try element(depth: depth + 1), line: valueLine))
                }
            case "array":
                var items: [(value: ManifestValue, line: Int?)] = []
                if open.selfClosing { return .array(items) }
                while true {
                    try skipMisc()
                    guard looking(at: "<") else { throw fail("malformed XML: text in <array>") }
                    if looking(at: "</") { try close("array"); return .array(items) }
                    let itemLine = line
                    items.append((value: try element(depth: depth + 1), line: itemLine))
                }
            case "string":
                return .string(open.selfClosing ? "" : try text(until: "string"))
            case "integer", "real", "date", "data":
                if !open.selfClosing { _ = try text(until: open.name) }
                let names = ["integer": "an integer", "real": "a real number", "date": "a date", "data": "data"]
                return .other(typeName: names[open.name]!)
            case "true", "false":
                if !open.selfClosing { try close(open.name) }
                return .other(typeName: "a boolean")
            case "key":
                throw fail("<key> outside a <dict>")
            default:
                throw fail("unknown property list element <\(open.name)>")
            }
        }

        mutating func close(_ name: String) throws(ManifestError) {
            let end = try tag()
            guard end.closing, end.name == name else { throw fail("malformed XML: expected </\(name)>, found <\(end.closing ? "/" : "")\(end.name)>") }
        }

        /// Character data up to `</name>`, with entities and CDATA resolved.
        mutating func text(until name: String) throws(ManifestError) -> String {
            var out: [UInt8] = []
            while true {
                guard let c = peek() else { throw fail("malformed XML: <\(name)> is not closed") }
                if looking(at: "<![CDATA[") {
                    advance(9)
                    while !looking(at: "]]>") {
                        guard let d = peek() else { throw fail("malformed XML: unterminated CDATA") }
                        out.append(d); advance()
                    }
                    advance(3)
                } else if looking(at: "<!--") {
                    try skip(past: "-->", what: "comment")
                } else if c == UInt8(ascii: "<") {
                    try close(name)
                    return String(decoding: out, as: UTF8.self)
                } else if c == UInt8(ascii: "&") {
                    out.append(contentsOf: try entity())
                } else {
                    out.append(c); advance()
                }
            }
        }

        /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#NN;` `&#xHH;`; nothing else expands.
        mutating func entity() throws(ManifestError) -> [UInt8] {
            advance() // &
            var name: [UInt8] = []
            while let c = peek(), c != UInt8(ascii: ";"), name.count < 12 { name.append(c); advance() }
            guard peek() == UInt8(ascii: ";") else { throw fail("malformed XML: an unterminated entity") }
            advance()
            let text = String(decoding: name, as: UTF8.self)
            switch text {
            case "lt": return [0x3C]
            case "gt": return [0x3E]
            case "amp": return [0x26]
            case "quot": return [0x22]
            case "apos": return [0x27]
            default:
                var value: UInt32?
                if text.hasPrefix("#x") { value = UInt32(text.dropFirst(2), radix: 16) }
                else if text.hasPrefix("#") { value = UInt32(text.dropFirst(), radix: 10) }
                guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                    throw fail("malformed XML: unknown entity “&\(text);”")
                }
                return Array(String(Character(scalar)).utf8)
            }
        }
    }
}
