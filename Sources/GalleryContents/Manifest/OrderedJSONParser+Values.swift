// Why this exists: the JSON manifest reader's values: strings (borrowed from the input unless they have escapes, decoded strictly), numbers and literals, and any other value skipped whole, depth-limited.
import PhotoFormats
import Foundation
import PhotoDecoding

extension OrderedJSONParser {
    // MARK: values

    /// Parse (and validate) any value without keeping it; returns its type's name for errors.
    mutating func skipValue() throws(ManifestError) -> String {
        skipWhitespace()
        guard let byte = current else { throw error(Words("unexpected end of input")) }
        switch byte {
        case UInt8(ascii: "{"):
            try enter(); defer { depth -= 1 }
            i += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") { i += 1; return "a dictionary" }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error(Words("expected a string key")) }
                let key = try string(.key)
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error(Words("expected “:” after the key “%1$s”", "\(text(key, keyBuffer))")) }
                i += 1
                _ = try skipValue()
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"): i += 1; return "a dictionary"
                default: throw error(Words("expected “,” or “}” in an object"))
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
                default: throw error(Words("expected “,” or “]” in an array"))
                }
            }
        case UInt8(ascii: "\""): _ = try string(.skip); return "a string"
        case UInt8(ascii: "t"): try literal("true"); return "a boolean"
        case UInt8(ascii: "f"): try literal("false"); return "a boolean"
        case UInt8(ascii: "n"): try literal("null"); return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(); return "a number"
        default:
            throw error(Words("unexpected character “%1$s”", "\(String(decoding: [byte], as: UTF8.self))"))
        }
    }

    mutating func literal(_ word: StaticString) throws(ManifestError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= p.count else { throw error(Words("unexpected character")) }
        for k in 0..<count where p[i + k] != word.utf8Start[k] { throw error(Words("unexpected character")) }
        i += count
    }

    mutating func number() throws(ManifestError) {
        if current == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
        guard digits > 0 else { throw error(Words("bad number")) }
        if current == UInt8(ascii: ".") {
            i += 1; digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
            guard digits > 0 else { throw error(Words("bad number")) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            i += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { i += 1; digits += 1 }
            guard digits > 0 else { throw error(Words("bad number")) }
        }
    }

    /// A string at `i` (on its opening quote). Without escapes its bytes stay in the input;
    /// with them, they are decoded into `buffer`. Invalid UTF-8 is kept as it is: a row with it
    /// fails on its own (URLPolicy), not the whole gallery.
    mutating func string(_ slot: Slot) throws(ManifestError) -> Span {
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
            guard let c = current else { throw error(Words("unterminated string")) }
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                return .decoded
            case UInt8(ascii: "\\"):
                guard let e = current else { throw error(Words("unterminated escape")) }
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
                            throw error(Words("unpaired surrogate in \\u escape"))
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(Words("unpaired surrogate in \\u escape")) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error(Words("unpaired surrogate in \\u escape"))
                    }
                    buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default: throw error(Words("bad escape “\\%1$s”", "\(String(decoding: [e], as: UTF8.self))"))
                }
            case 0x00...0x1F:
                throw error(Words("a control character inside a string"))
            default:
                buffer.append(c)
            }
        }
    }

    mutating func hex4() throws(ManifestError) -> UInt32 {
        guard i + 4 <= p.count else { throw error(Words("truncated \\u escape")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = p[i]
            i += 1
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
            default: throw error(Words("bad hex digit in \\u escape"))
            }
            value = value << 4 | digit
        }
        return value
    }
}
