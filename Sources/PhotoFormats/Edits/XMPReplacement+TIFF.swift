// Why this exists: a TIFF's XMP (IFD0's tag 700, XMLPacket) replaced without rewriting the file: the packet and a copy of IFD0 that names it are appended, and the header points at the copy, so every byte of the original stays where it was. The app's check reads the answer the same way: the original's bytes after the header unchanged, the new IFD0 the old one's entries but tag 700's, its packet in the part appended.
import Foundation

extension XMPReplacement {
    static let tiffXMPTag = 700

    package static func isTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }

    /// IFD0: where it is, its entries (12 bytes each, as written) and the next IFD's offset.
    static func tiffIFD0(_ tiff: TIFFBytes) throws(TurnRefusal) -> (offset: Int, entries: [[UInt8]], next: Int) {
        let offset = try tiff.u32(4)
        let count = try tiff.u16(offset)
        guard count > 0, count <= 4096, offset + 2 + count * 12 + 4 <= tiff.bytes.count else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        let entries = (0..<count).map { Array(tiff.bytes[offset + 2 + $0 * 12..<offset + 14 + $0 * 12]) }
        return (offset, entries, try tiff.u32(offset + 2 + count * 12))
    }

    /// An entry's tag.
    static func tiffTag(_ entry: [UInt8], little: Bool) -> Int {
        little ? Int(entry[0]) | Int(entry[1]) << 8 : Int(entry[0]) << 8 | Int(entry[1])
    }

    /// `bytes` (a TIFF) with `packet` as its XMP: the packet and a new IFD0 appended.
    static func replacedTIFF(_ bytes: [UInt8], packet: [UInt8]) throws(TurnRefusal) -> [UInt8] {
        let tiff = try TIFFBytes(bytes)
        let ifd = try tiffIFD0(tiff)
        guard bytes.count + packet.count + (ifd.entries.count + 1) * 12 + 16 < Int(UInt32.max) else { throw TurnRefusal(Words("its metadata is too large")) }
        var out = TIFFBytes(unchecked: bytes, little: tiff.little)
        if out.bytes.count % 2 == 1 { out.bytes.append(0) }
        let packetAt = out.bytes.count
        out.bytes += packet
        if out.bytes.count % 2 == 1 { out.bytes.append(0) }
        var entry = TIFFBytes(unchecked: [UInt8](repeating: 0, count: 12), little: tiff.little)
        entry.put16(tiffXMPTag, at: 0)
        entry.put16(1, at: 2) // BYTE, as exiv2 and exiftool write it
        entry.put32(packet.count, at: 4)
        entry.put32(packetAt, at: 8)
        let entries = (ifd.entries.filter { tiffTag($0, little: tiff.little) != tiffXMPTag } + [entry.bytes])
            .sorted { tiffTag($0, little: tiff.little) < tiffTag($1, little: tiff.little) }
        let ifdAt = out.bytes.count
        out.bytes += [UInt8](repeating: 0, count: 2 + entries.count * 12 + 4)
        out.put16(entries.count, at: ifdAt)
        for (index, entry) in entries.enumerated() { out.bytes.replaceSubrange(ifdAt + 2 + index * 12..<ifdAt + 14 + index * 12, with: entry) }
        out.put32(ifd.next, at: ifdAt + 2 + entries.count * 12)
        out.put32(ifdAt, at: 4)
        return out.bytes
    }

    /// The app's check of a TIFF answer: the original's bytes after its header, unchanged; a new
    /// IFD0 past them with the old one's entries and next IFD, and one XMP entry naming a packet
    /// that lies past them too, apart from the new IFD0.
    static func checkTIFF(_ answer: [UInt8], against original: [UInt8]) throws(TurnRefusal) {
        let refusal = TurnRefusal(Words("the helper changed more than its metadata"))
        guard isTIFF(original), answer.count > original.count, answer[0..<4] == original[0..<4],
              answer[8..<original.count] == original[8...] else { throw refusal }
        let little = original[0] == 0x49
        let mine: (offset: Int, entries: [[UInt8]], next: Int), theirs: (offset: Int, entries: [[UInt8]], next: Int)
        do throws(TurnRefusal) {
            mine = try tiffIFD0(TIFFBytes(original))
            theirs = try tiffIFD0(TIFFBytes(answer))
        } catch { throw refusal }
        func others(_ entries: [[UInt8]]) -> [[UInt8]] { entries.filter { tiffTag($0, little: little) != tiffXMPTag } }
        let xmp = theirs.entries.filter { tiffTag($0, little: little) == tiffXMPTag }
        let ifdEnd = theirs.offset + 2 + theirs.entries.count * 12 + 4
        guard theirs.offset >= original.count, theirs.next == mine.next, others(theirs.entries) == others(mine.entries), xmp.count == 1 else { throw refusal }
        let entry = TIFFBytes(unchecked: xmp[0], little: little)
        guard let type = try? entry.u16(2), let count = try? entry.u32(4), let at = try? entry.u32(8),
              type == 1 || type == 7, count > 4, at >= original.count, at + count <= answer.count,
              at + count <= theirs.offset || at >= ifdEnd else { throw refusal }
    }
}
