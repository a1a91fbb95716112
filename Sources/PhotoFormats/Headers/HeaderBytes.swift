// Why this exists: bounds-checked reads of an image file's header fields (big- and little-endian integers, four-letter tags), so no header reader can read past the bytes it was given.
import Foundation

/// A view of a file's bytes. Every read returns nil past the end, never traps.
package struct HeaderBytes {
    package let raw: UnsafeRawBufferPointer
    package var count: Int { raw.count }

    package init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    package func byte(_ at: Int) -> Int? { at >= 0 && at < raw.count ? Int(raw[at]) : nil }

    /// `width` bytes at `at`, most significant first.
    package func bigEndian(_ at: Int, _ width: Int) -> Int? {
        guard at >= 0, width >= 0, width <= 8, at <= raw.count - width else { return nil }
        var value: UInt64 = 0
        for index in 0..<width { value = value << 8 | UInt64(raw[at + index]) }
        // A 64-bit size past Int.max is no size a file here can have.
        return value > UInt64(Int.max) ? nil : Int(value)
    }

    /// `width` bytes at `at`, least significant first.
    package func littleEndian(_ at: Int, _ width: Int) -> Int? {
        guard at >= 0, width >= 0, width <= 8, at <= raw.count - width else { return nil }
        var value: UInt64 = 0
        for index in (0..<width).reversed() { value = value << 8 | UInt64(raw[at + index]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }

    /// Four bytes at `at` as text ("ftyp", "VP8X"), or nil past the end.
    package func tag(_ at: Int) -> String? {
        guard at >= 0, at <= raw.count - 4 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[at..<at + 4]), as: UTF8.self)
    }

    /// Whether the bytes at `at` are `ascii`.
    package func matches(_ at: Int, _ ascii: String) -> Bool {
        let expected = Array(ascii.utf8)
        guard at >= 0, at <= raw.count - expected.count else { return false }
        return expected.indices.allSatisfy { raw[at + $0] == expected[$0] }
    }
}
