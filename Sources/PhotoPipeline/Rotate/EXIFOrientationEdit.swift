// Why this exists: a JPEG or TIFF turned without touching a pixel: only its EXIF Orientation changes. The tag is rewritten in place where it exists (two bytes differ); where it does not, IFD0 is copied with it added to the end of the EXIF block and the header pointed at the copy, so no other offset moves; a JPEG with no EXIF gets a minimal one. Our own bounds-checked reading: every offset is checked before use, so a hostile file is refused, never trusted.
import Foundation

/// Why a photo was not turned, in words.
public struct TurnRefusal: Error, Sendable, Equatable {
    public let reason: Words
    init(_ reason: Words) { self.reason = reason }
}

enum EXIFOrientationEdit {
    static let orientationTag = 0x0112

    /// A JPEG turned: its APP1 EXIF block's orientation, or a new APP1 after SOI (and JFIF's APP0).
    static func turnedJPEG(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        guard file.count >= 4, file[0] == 0xFF, file[1] == 0xD8 else { throw TurnRefusal(Words("it is not a JPEG")) }
        var at = 2, insertAt = 2
        while at + 4 <= file.count {
            guard file[at] == 0xFF else { throw TurnRefusal(Words("its JPEG segments are damaged")) }
            let marker = file[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard length >= 2, at + 2 + length <= file.count else { throw TurnRefusal(Words("its JPEG segments are damaged")) }
            let payload = (at + 4)..<(at + 2 + length)
            if marker == 0xE1, payload.count >= 14, file[payload.prefix(6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                let tiff = Array(file[(payload.lowerBound + 6)..<payload.upperBound])
                let turned = try turnedTIFF(tiff, turn)
                let newLength = length + turned.count - tiff.count
                guard newLength <= 0xFFFF else { throw TurnRefusal(Words("its EXIF block is full")) }
                var result = Array(file[..<at])
                result += [0xFF, 0xE1, UInt8(newLength >> 8), UInt8(newLength & 0xFF)]
                result += file[payload.prefix(6)]
                result += turned
                result += file[payload.upperBound...]
                return result
            }
            if marker == 0xE0, at == 2 { insertAt = at + 2 + length }
            at += 2 + length
        }
        // No EXIF: a minimal one, big-endian, with IFD0 holding only the orientation.
        let value = turn.turning(orientation: 1)
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0] + [0, 0, 0, 0]
        let length = 2 + 6 + tiff.count
        var result = Array(file[..<insertAt])
        result += [0xFF, 0xE1, 0, UInt8(length), 0x45, 0x78, 0x69, 0x66, 0, 0]
        result += tiff
        result += file[insertAt...]
        return result
    }

    /// A TIFF block (a TIFF file, or a JPEG's EXIF) with IFD0's orientation turned.
    static func turnedTIFF(_ block: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        var tiff = try TIFFBytes(block)
        let ifd = try tiff.u32(4)
        let count = try tiff.u16(ifd)
        guard ifd >= 8, ifd + 2 + 12 * count + 4 <= block.count else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        var entries: [(tag: Int, bytes: [UInt8])] = []
        for index in 0..<count {
            let entry = ifd + 2 + 12 * index
            let tag = try tiff.u16(entry)
            if tag == orientationTag {
                let (type, values, value) = (try tiff.u16(entry + 2), try tiff.u32(entry + 4), try tiff.u16(entry + 8))
                let current = type == 3 && values == 1 ? value : 1
                tiff.put16(3, at: entry + 2)
                tiff.put32(1, at: entry + 4)
                tiff.put32(0, at: entry + 8)
                tiff.put16(turn.turning(orientation: current), at: entry + 8)
                return tiff.bytes
            }
            entries.append((tag, Array(block[entry..<(entry + 12)])))
        }
        // No orientation in IFD0: a copy of it with one, at the end, 2-byte aligned.
        var added = TIFFBytes(unchecked: [UInt8](repeating: 0, count: 12), little: tiff.little)
        added.put16(orientationTag, at: 0)
        added.put16(3, at: 2)
        added.put32(1, at: 4)
        added.put16(turn.turning(orientation: 1), at: 8)
        entries.append((orientationTag, added.bytes))
        entries.sort { $0.tag < $1.tag }
        let next = try tiff.u32(ifd + 2 + 12 * count)
        var copy = TIFFBytes(unchecked: [UInt8](repeating: 0, count: 2 + 12 * entries.count + 4), little: tiff.little)
        copy.put16(entries.count, at: 0)
        for (index, entry) in entries.enumerated() { copy.bytes.replaceSubrange((2 + 12 * index)..<(14 + 12 * index), with: entry.bytes) }
        copy.put32(next, at: 2 + 12 * entries.count)
        if tiff.bytes.count % 2 == 1 { tiff.bytes.append(0) }
        guard tiff.bytes.count < Int(UInt32.max) else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        tiff.put32(tiff.bytes.count, at: 4)
        return tiff.bytes + copy.bytes
    }
}

/// A TIFF block's bytes in its own byte order, every read checked.
struct TIFFBytes {
    var bytes: [UInt8]
    let little: Bool

    init(_ bytes: [UInt8]) throws(TurnRefusal) {
        guard bytes.count >= 8 else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x49, 0x49, 0x2A, 0): little = true
        case (0x4D, 0x4D, 0, 0x2A): little = false
        default: throw TurnRefusal(Words("its EXIF data is damaged"))
        }
        self.bytes = bytes
    }

    init(unchecked bytes: [UInt8], little: Bool) {
        self.bytes = bytes
        self.little = little
    }

    func u16(_ at: Int) throws(TurnRefusal) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) throws(TurnRefusal) -> Int {
        let (first, second) = (try u16(at), try u16(at + 2))
        return little ? first | second << 16 : first << 16 | second
    }

    mutating func put16(_ value: Int, at: Int) {
        let (low, high) = (UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF))
        bytes[at] = little ? low : high
        bytes[at + 1] = little ? high : low
    }

    mutating func put32(_ value: Int, at: Int) {
        put16(little ? value & 0xFFFF : (value >> 16) & 0xFFFF, at: at)
        put16(little ? (value >> 16) & 0xFFFF : value & 0xFFFF, at: at + 2)
    }
}
