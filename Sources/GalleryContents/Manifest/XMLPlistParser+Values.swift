// Why this exists: the XML plist reader's rare path: any value read whole (wrong types, arrays of dicts, nesting limited to 64), its text with entities decoded, and closing tags checked.
import PhotoFormats
import Foundation
import PhotoDecoding

extension XMLPlistParser.Reader {
    // MARK: any value, read whole (rare: wrong types, arrays of dicts)

    /// One value element: <dict>, <array>, <string>… Nesting deeper than 64 is refused.
    mutating func element(depth: Int) throws(ManifestError) -> ManifestValue {
        let open = try tag()
        guard !open.closing else { throw fail(Words("malformed XML: unexpected </%1$s>", "\(open.name)")) }
        return try rest(of: open, depth: depth)
    }

    /// The rest of an element whose opening tag was read.
    mutating func rest(of open: Tag, depth: Int) throws(ManifestError) -> ManifestValue {
        guard depth <= 64 else { throw fail(Words("the property list nests deeper than 64 levels")) }
        switch open.name {
        case "dict":
            var entries: [(key: String, value: ManifestValue, line: Int?)] = []
            if open.selfClosing { return .dictionary(entries) }
            while true {
                try skipMisc()
                guard looking(at: "<") else { throw fail(Words("malformed XML: text in <dict>")) }
                if looking(at: "</") { try close("dict"); return .dictionary(entries) }
                let keyTag = try tag()
                guard keyTag.name == "key", !keyTag.closing else { throw fail(Words("expected <key> in <dict>, found <%1$s>", "\(keyTag.name)")) }
                var key: [UInt8] = []
                if !keyTag.selfClosing { try text(until: "key", into: &key) }
                let keyString = String(decoding: key, as: UTF8.self)
                try skipMisc()
                guard looking(at: "<"), !looking(at: "</") else {
                    throw fail(Words("the key “%1$s” has no value", "\(keyString)"), line: keyTag.line, entry: keyString)
                }
                let valueLine = line
                entries.append((key: keyString, value: try element(depth: depth + 1), line: valueLine))
            }
        case "array":
            var items: [(value: ManifestValue, line: Int?)] = []
            if open.selfClosing { return .array(items) }
            while true {
                try skipMisc()
                guard looking(at: "<") else { throw fail(Words("malformed XML: text in <array>")) }
                if looking(at: "</") { try close("array"); return .array(items) }
                let itemLine = line
                items.append((value: try element(depth: depth + 1), line: itemLine))
            }
        case "string":
            var out: [UInt8] = []
            if !open.selfClosing { try text(until: "string", into: &out) }
            return .string(String(decoding: out, as: UTF8.self))
        case "integer", "real", "date", "data":
            var ignored: [UInt8] = []
            if !open.selfClosing { try text(until: open.name, into: &ignored) }
            let names = ["integer": "an integer", "real": "a real number", "date": "a date", "data": "data"]
            return .other(typeName: names[open.name]!)
        case "true", "false":
            if !open.selfClosing { try close(open.name) }
            return .other(typeName: "a boolean")
        case "key":
            throw fail(Words("<key> outside a <dict>"))
        default:
            throw fail(Words("unknown property list element <%1$s>", "\(open.name)"))
        }
    }

    mutating func close(_ name: String) throws(ManifestError) {
        let end = try tag()
        guard end.closing, end.name == name else { throw fail(Words("malformed XML: expected </%1$s>, found <%2$s%3$s>", "\(name)", "\(end.closing ? "/" : "")", "\(end.name)")) }
    }

    /// Character data up to `</name>`, with entities and CDATA resolved, into `out`.
    mutating func text(until name: String, into out: inout [UInt8]) throws(ManifestError) {
        while true {
            // A run of plain text, at once.
            let start = i
            while i < p.count {
                let c = p[i]
                if c == UInt8(ascii: "<") || c == UInt8(ascii: "&") { break }
                if c == 0x0A { line += 1 }
                i += 1
            }
            if i > start { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[start..<i])) }
            guard let c = peek() else { throw fail(Words("malformed XML: <%1$s> is not closed", "\(name)")) }
            if looking(at: "<![CDATA[") {
                advance(9)
                while !looking(at: "]]>") {
                    guard let d = peek() else { throw fail(Words("malformed XML: unterminated CDATA")) }
                    out.append(d); advance()
                }
                advance(3)
            } else if looking(at: "<!--") {
                try skip(past: "-->", what: Words("comment"))
            } else if c == UInt8(ascii: "<") {
                try close(name)
                return
            } else {
                out.append(contentsOf: try entity())
            }
        }
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#NN;` `&#xHH;`; nothing else expands.
    mutating func entity() throws(ManifestError) -> [UInt8] {
        advance() // &
        var name: [UInt8] = []
        while let c = peek(), c != UInt8(ascii: ";"), name.count < 12 { name.append(c); advance() }
        guard peek() == UInt8(ascii: ";") else { throw fail(Words("malformed XML: an unterminated entity")) }
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
                throw fail(Words("malformed XML: unknown entity “&%1$s;”", "\(text)"))
            }
            return Array(String(Character(scalar)).utf8)
        }
    }
}
