// Why this exists: a JPEG or TIFF turned without touching a pixel: only its EXIF Orientation changes. The tag is rewritten in place where it exists (two bytes differ); where it does not, IFD0 is copied with it added to the end of the EXIF block and the header pointed at the copy, so no other offset moves; a JPEG with no EXIF gets a minimal one. Our own bounds-checked reading: every offset is checked before use, so a hostile file is refused, never trusted.
import Foundation

/// Why a photo was not turned, in words.
public struct TurnRefusal: Error, Sendable, Equatable {
    public let reason: Words
    package init(_ reason: Words) { self.reason = reason }
}

package enum EXIFOrientationEdit {
    package static let orientationTag = 0x0112

    /// A JPEG turned: its APP1 EXIF block's orientation, or a new APP1 after SOI (and JFIF's APP0).
    package static func turnedJPEG(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        let header = try JPEGHeader(file)
        if let index = header.exifIndex(in: file) {
            let segment = header.pieces[index].range
            let turned = try turnedTIFF(Array(header.exifBlock(index, in: file)), turn)
            let newLength = 2 + 6 + turned.count
            guard newLength <= 0xFFFF else { throw TurnRefusal(Words("its EXIF block is full")) }
            return Array(file[..<segment.lowerBound]) + [0xFF, 0xE1, UInt8(newLength >> 8), UInt8(newLength & 0xFF)]
                + JPEGHeader.exifHeader + turned + file[segment.upperBound...]
        }
        let insertAt = header.newExifIndex == 1 ? header.pieces[0].range.upperBound : 2
        // No EXIF: a minimal one, big-endian, with IFD0 holding only the orientation.
        let value = turn.turning(orientation: 1)
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0] + [0, 0, 0, 0]
        let length = 2 + 6 + tiff.count
        var result = Array(file[..<insertAt])
        result += [0xFF, 0xE1, 0, UInt8(length)] + JPEGHeader.exifHeader
        result += tiff
        result += file[insertAt...]
        return result
    }

    /// A TIFF block (a TIFF file, or a JPEG's EXIF) with IFD0's orientation turned.
    package static func turnedTIFF(_ block: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
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
