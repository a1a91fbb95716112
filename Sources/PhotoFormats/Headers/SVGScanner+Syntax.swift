// Why this exists: the XML syntax SVGScanner follows: the DOCTYPE and the internal entities it declares, character and entity references, and the searches every part of the scan shares.
import Foundation

extension SVGScanner {
    package enum Reference {
        /// A character reference or one of XML's five predefined entities: text.
        case text([UInt8])
        /// An entity the document declares (or an undeclared one: nothing).
        case entity(String)
    }

    /// The reference at `at` (an `&`) and where it ends.
    package static func reference(_ text: UnsafeBufferPointer<UInt8>, _ at: Int) throws(DecodeError) -> (Reference, Int) {
        var end = at + 1
        while end < text.count, text[end] != UInt8(ascii: ";"), end - at < 64 { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";"), end > at + 1 else { throw malformed(Words("an “&” that ends no reference")) }
        let name = String(decoding: text[(at + 1)..<end], as: UTF8.self)
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else { throw malformed(Words("a character reference to no character")) }
            return (.text(Array(String(Character(scalar)).utf8)), end + 1)
        }
        let predefined = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let character = predefined[name] { return (.text(Array(character.utf8)), end + 1) }
        return (.entity(name), end + 1)
    }

    /// The DOCTYPE from just past `<!DOCTYPE`: its internal subset's general entities are kept
    /// (the first declaration of a name wins, as in XML). Returns where it ends.
    package mutating func doctype(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) throws(DecodeError) -> Int {
        var at = start
        while at < text.count, text[at] != UInt8(ascii: "["), text[at] != UInt8(ascii: ">") {
            if text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") { at = try Self.find(text, text[at] == 34 ? "\"" : "'", from: at + 1) }
            at += 1
        }
        guard at < text.count else { throw Self.malformed(Words("a DOCTYPE that does not end")) }
        if text[at] == UInt8(ascii: ">") { return at + 1 }
        at += 1
        while at < text.count {
            if text[at] == UInt8(ascii: "]") { return try Self.skip(text, past: ">", from: at + 1) }
            if Self.starts(text, at, "<!--") { at = try Self.skip(text, past: "-->", from: at + 4); continue }
            if Self.starts(text, at, "<?") { at = try Self.skip(text, past: "?>", from: at + 2); continue }
            if Self.starts(text, at, "<!ENTITY") { at = try entity(text, at + 8); continue }
            if Self.starts(text, at, "<!") { at = try Self.skipDeclaration(text, at + 2); continue }
            at += 1
        }
        throw Self.malformed(Words("a DOCTYPE that does not end"))
    }

    /// `<!ENTITY name "value">` from past `<!ENTITY`; parameter entities and external ones are skipped.
    private mutating func entity(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) throws(DecodeError) -> Int {
        var at = start
        while at < text.count, Self.isSpace(text[at]) { at += 1 }
        if at < text.count, text[at] == UInt8(ascii: "%") { return try Self.skipDeclaration(text, at) }
        let nameStart = at
        while at < text.count, !Self.isSpace(text[at]), text[at] != UInt8(ascii: ">") { at += 1 }
        let name = String(decoding: text[nameStart..<at], as: UTF8.self)
        while at < text.count, Self.isSpace(text[at]) { at += 1 }
        guard at < text.count, text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") else {
            return try Self.skipDeclaration(text, at)
        }
        let end = try Self.find(text, text[at] == UInt8(ascii: "\"") ? "\"" : "'", from: at + 1)
        if entities[name] == nil { entities[name] = Array(text[(at + 1)..<end]) }
        return try Self.skip(text, past: ">", from: end + 1)
    }

    /// Past a markup declaration's `>`, quoted parts included.
    package static func skipDeclaration(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) throws(DecodeError) -> Int {
        var at = start
        while at < text.count {
            if text[at] == UInt8(ascii: ">") { return at + 1 }
            if text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") { at = try find(text, text[at] == 34 ? "\"" : "'", from: at + 1) }
            at += 1
        }
        throw malformed(Words("a declaration that does not end"))
    }

    // MARK: searching

    package static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    package static func starts(_ text: UnsafeBufferPointer<UInt8>, _ at: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= text.count else { return false }
        return (0..<count).allSatisfy { text[at + $0] == literal.utf8Start[$0] }
    }

    /// Whether `text` has `literal` at `at`, ASCII letters in any case.
    package static func startsCaseless(_ text: [UInt8], _ literal: String, at: Int = 0) -> Bool {
        let expected = Array(literal.utf8)
        guard at + expected.count <= text.count else { return false }
        return expected.indices.allSatisfy { text[at + $0] | 0x20 == expected[$0] | 0x20 }
    }

    /// Where `literal` next starts at or after `from`.
    package static func find(_ text: UnsafeBufferPointer<UInt8>, _ literal: StaticString, from: Int) throws(DecodeError) -> Int {
        let first = literal.utf8Start[0]
        var at = from
        while at < text.count {
            if text[at] == first, starts(text, at, literal) { return at }
            at += 1
        }
        throw malformed(Words("“%1$s” never comes", "\(literal)"))
    }

    package static func skip(_ text: UnsafeBufferPointer<UInt8>, past literal: StaticString, from: Int) throws(DecodeError) -> Int {
        try find(text, literal, from: from) + literal.utf8CodeUnitCount
    }
}
