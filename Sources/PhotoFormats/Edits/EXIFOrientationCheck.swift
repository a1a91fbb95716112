// Why this exists: a JPEG or TIFF turned by a helper is taken only if it differs from the original by what the orientation edit may change (IFD0's orientation entry in place, or an IFD0 copy appended with one added, or a new minimal EXIF segment) and its new orientation is the original's turned; read by the app's own bounds-checked readers (JPEGHeader, TIFFBytes), never by a library.
import Foundation

package enum EXIFOrientationCheck {
    /// Why an answer is refused: it changed something an orientation edit does not.
    package static let notTheTurn = Words("the helper that turned it changed more than its orientation")

    /// `result` is `file` (a JPEG) turned: every piece of its header the original's but the EXIF
    /// segment (or a new one where the edit puts it), and everything from the first scan on, byte
    /// for byte.
    package static func checkJPEG(_ result: [UInt8], against file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) {
        guard let mine = try? JPEGHeader(file), let theirs = try? JPEGHeader(result),
              result.count - theirs.end == file.count - mine.end, result[theirs.end...].elementsEqual(file[mine.end...]) else {
            throw TurnRefusal(notTheTurn)
        }
        let changed: Int, inserted: Bool
        if let index = mine.exifIndex(in: file) {
            (changed, inserted) = (index, false)
        } else {
            (changed, inserted) = (mine.newExifIndex, true)
        }
        guard theirs.pieces.count == mine.pieces.count + (inserted ? 1 : 0), theirs.exifIndex(in: result) == changed else {
            throw TurnRefusal(notTheTurn)
        }
        for (index, piece) in theirs.pieces.enumerated() where index != changed {
            let original = mine.pieces[inserted && index > changed ? index - 1 : index]
            guard result[piece.range].elementsEqual(file[original.range]) else { throw TurnRefusal(notTheTurn) }
        }
        let block = Array(theirs.exifBlock(changed, in: result))
        if inserted {
            try checkNewTIFF(block, turn)
        } else {
            try checkTIFF(block, against: Array(mine.exifBlock(changed, in: file)), turn)
        }
    }

    /// `result` is the TIFF block `file` with IFD0's orientation turned: the entry rewritten in
    /// place (its type, count and value alone), or, where IFD0 had none, IFD0 copied to the end
    /// with one added and the header pointed at the copy (every other byte as it was).
    package static func checkTIFF(_ result: [UInt8], against file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) {
        guard let before = try? TIFFBytes(file), let after = try? TIFFBytes(result), result.prefix(4).elementsEqual(file.prefix(4)),
              let mine = try? IFD0(before), let theirs = try? IFD0(after) else { throw TurnRefusal(notTheTurn) }
        if let index = mine.entries.firstIndex(where: { mine.tag($0, before) == EXIFOrientationEdit.orientationTag }) {
            let entry = mine.offset + 2 + 12 * index
            guard result.count == file.count, result[..<(entry + 2)].elementsEqual(file[..<(entry + 2)]),
                  result[(entry + 12)...].elementsEqual(file[(entry + 12)...]),
                  isOrientation(at: entry, in: after, turn.turning(orientation: mine.orientation(at: entry, before) ?? 1)) else {
                throw TurnRefusal(notTheTurn)
            }
            return
        }
        let start = file.count + file.count % 2
        let kept = theirs.entries.filter { theirs.tag($0, after) != EXIFOrientationEdit.orientationTag }
        let added = theirs.entries.filter { theirs.tag($0, after) == EXIFOrientationEdit.orientationTag }
        guard theirs.offset == start, result.count == start + 2 + 12 * (mine.entries.count + 1) + 4, theirs.next == mine.next,
              result[8..<file.count].elementsEqual(file[8...]), result[file.count..<start].allSatisfy({ $0 == 0 }),
              kept.count == mine.entries.count, zip(kept, mine.entries).allSatisfy({ $0.elementsEqual($1) }),
              added.count == 1, let entry = added.first?.startIndex,
              isOrientation(at: entry, in: after, turn.turning(orientation: 1)) else { throw TurnRefusal(notTheTurn) }
    }

    /// A new EXIF block: IFD0 right after the header, holding the orientation alone, and nothing
    /// after it (no place for anything a helper might add, such as a location).
    package static func checkNewTIFF(_ block: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) {
        guard let tiff = try? TIFFBytes(block), let ifd = try? IFD0(tiff), ifd.offset == 8, ifd.entries.count == 1, ifd.next == 0,
              block.count == 8 + 2 + 12 + 4, isOrientation(at: 10, in: tiff, turn.turning(orientation: 1)) else {
            throw TurnRefusal(notTheTurn)
        }
    }

    /// Whether the entry at `entry` is the orientation, one SHORT of `value`, its spare bytes zero.
    package static func isOrientation(at entry: Int, in tiff: TIFFBytes, _ value: Int) -> Bool {
        (try? [tiff.u16(entry), tiff.u16(entry + 2), tiff.u32(entry + 4), tiff.u16(entry + 8), tiff.u16(entry + 10)])
            == [EXIFOrientationEdit.orientationTag, 3, 1, value, 0]
    }

    /// IFD0 of a TIFF block: where it lies, its entries (12 bytes each) and the next IFD's offset.
    package struct IFD0 {
        let offset: Int
        let entries: [ArraySlice<UInt8>]
        let next: Int

        init(_ tiff: TIFFBytes) throws(TurnRefusal) {
            offset = try tiff.u32(4)
            let count = try tiff.u16(offset)
            guard offset >= 8, offset + 2 + 12 * count + 4 <= tiff.bytes.count else { throw TurnRefusal(notTheTurn) }
            entries = (0..<count).map { [bytes = tiff.bytes, offset] in bytes[(offset + 2 + 12 * $0)..<(offset + 14 + 12 * $0)] }
            next = try tiff.u32(offset + 2 + 12 * count)
        }

        func tag(_ entry: ArraySlice<UInt8>, _ tiff: TIFFBytes) -> Int? { try? tiff.u16(entry.startIndex) }

        /// The orientation an entry at `entry` holds, if it is one SHORT.
        func orientation(at entry: Int, _ tiff: TIFFBytes) -> Int? {
            guard (try? tiff.u16(entry + 2)) == 3, (try? tiff.u32(entry + 4)) == 1 else { return nil }
            return try? tiff.u16(entry + 8)
        }
    }
}
