// Why this exists: reads JSON manifests keeping object key order (JSONSerialization does not) and the line of every value.
import Foundation

/// A strict RFC 8259 parser into `ManifestValue`, with line numbers for errors and a depth limit.
struct OrderedJSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0

    static func parse(_ data: Data) throws(ManifestError) -> ManifestValue {
        var parser = OrderedJSONParser(bytes: [UInt8](data))
        parser.skipBOM()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> ManifestError { ManifestError("malformed JSON: \(message)", line: line) }

    private mutating func skipBOM() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ literal: String, as result: ManifestValue) throws(ManifestError) -> ManifestValue {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected character")
        }
        index += utf8.count
        return result
    }

    private mutating func value() throws(ManifestError) -> ManifestValue {
        skipWhitespace()
        guard let byte = current else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", as: .other(typeName: "a boolean"))
        case UInt8(ascii: "f"): return try expect("false", as: .other(typeName: "a boolean"))
        case UInt8(ascii: "n"): return try expect("null", as: .other(typeName: "null"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(); return .other(typeName: "a number")
        default:
            throw error("unexpected character “\(String(decoding: [byte], as: UTF8.self))”")
        }
    }

    private mutating func enter() throws(ManifestError) {
        depth += 1
        guard depth <= 64 else { throw error("nesting deeper than 64 levels") }
    }

    private mutating func object() throws(ManifestError) -> ManifestValue {
        try enter(); defer { depth -= 1 }
        index += 1
        var entries: [(key: String, value: ManifestValue, line: Int?)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .dictionary(entries) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyLine = line
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected “:” after the key “\(key)”") }
            index += 1
            let item = try value()
            entries.append((key: key, value: item, line: keyLine))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .dictionary(entries)
            default: throw error("expected “,” or “}” in an object")
            }
        }
    }

    private mutating func array() throws(ManifestError) -> ManifestValue {
        try enter(); defer { depth -= 1 }
        index += 1
        var items: [(value: ManifestValue, line: Int?)] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            let itemLine = line
            items.append((value: try value(), line: itemLine))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw error("expected “,” or “]” in an array")
            }
        }
    }

    private mutating func number() throws(ManifestError) {
        if current == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while let c = current, c >= 0x30, c <= 0x39 { index += 1; digits += 1 }
        guard digits > 0 else { throw error("bad number") }
        if current == UInt8(ascii: ".") {
            index += 1; digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { index += 1; digits += 1 }
            guard digits > 0 else { throw error("bad number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            digits = 0
            while let c = current, c >= 0x30, c <= 0x39 { index += 1; digits += 1 }
            guard digits > 0 else { throw error("bad number") }
        }
    }

    private mutating func string() throws(ManifestError) -> String {
        index += 1 // opening quote
        var out: [UInt8] = []
        while true {
            guard let c = current else { throw error("unterminated string") }
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                // Invalid UTF-8 is repaired to U+FFFD here and refused per entry (URLPolicy),
                // so one bad name fails its row, not the gallery.
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = current else { throw error("unterminated escape") }
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default: throw error("bad escape “\\\(String(decoding: [e], as: UTF8.self))”")
                }
            case 0x00...0x1F:
                throw error("a control character inside a string")
            default:
                out.append(c)
            }
        }
    }

    private mutating func hex4() throws(ManifestError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            index += 1
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
