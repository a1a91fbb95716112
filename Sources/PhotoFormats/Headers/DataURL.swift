// Why this exists: a `data:` URL taken apart as librsvg takes it (percent-decoded, then base64 with whitespace ignored), so the images a drawing embeds can be checked before librsvg decodes them.
import Foundation

package struct DataURL {
    /// The media type as written, lower-cased, without parameters ("image/png"; "" if none).
    package let mediaType: String
    package let bytes: Data

    /// Parse `text`, which starts with "data:" (any case); nil if it is not a data URL librsvg
    /// could read either (no comma, bad base64).
    package init?(_ text: [UInt8]) {
        guard text.count >= 5, String(decoding: text.prefix(5), as: UTF8.self).lowercased() == "data:",
              let comma = text.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = String(decoding: text[5..<comma], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        let parts = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        mediaType = parts.first ?? ""
        let isBase64 = parts.count > 1 && parts.last == "base64"
        let payload = Self.percentDecoded(text[(comma + 1)...])
        if isBase64 {
            guard let decoded = Self.base64(payload) else { return nil }
            bytes = decoded
        } else {
            bytes = Data(payload)
        }
    }

    package static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = text.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "%"), index + 2 < text.endIndex, let high = hex(text[index + 1]), let low = hex(text[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// Forgiving base64 (the fetch standard's, which librsvg follows): ASCII whitespace ignored,
    /// padding optional.
    package static func base64(_ text: [UInt8]) -> Data? {
        var clean = text.filter { ![0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }
        if clean.count % 4 == 0, clean.last == UInt8(ascii: "=") {
            clean.removeLast()
            if clean.last == UInt8(ascii: "=") { clean.removeLast() }
        }
        guard clean.count % 4 != 1 else { return nil }
        while clean.count % 4 != 0 { clean.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(clean))
    }
}
