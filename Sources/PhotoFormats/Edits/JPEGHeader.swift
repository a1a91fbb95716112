// Why this exists: a JPEG's header read piece by piece (each segment, marker and fill byte from SOI to the first scan) with every length checked: where a turn's EXIF goes, and what the app compares when a helper answers with a turned JPEG.
import Foundation

package struct JPEGHeader {
    /// One step of the walk: a segment with its length, a marker without one, or a fill byte.
    package struct Piece {
        package let marker: UInt8
        package let range: Range<Int>
        /// A segment's payload (after its length); nil for a marker without one.
        package let payload: Range<Int>?
    }

    /// The pieces from just after SOI to `end`, laid end to end.
    package let pieces: [Piece]
    /// Where the first scan (or EOI, or whatever the walk could not read as a piece) begins.
    package let end: Int

    package static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    package init(_ file: [UInt8]) throws(TurnRefusal) {
        guard file.count >= 4, file[0] == 0xFF, file[1] == 0xD8 else { throw TurnRefusal(Words("it is not a JPEG")) }
        var pieces: [Piece] = []
        var at = 2
        while at + 4 <= file.count {
            guard file[at] == 0xFF else { throw TurnRefusal(Words("its JPEG segments are damaged")) }
            let marker = file[at + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0xFF {
                pieces.append(Piece(marker: 0xFF, range: at..<(at + 1), payload: nil))
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                pieces.append(Piece(marker: marker, range: at..<(at + 2), payload: nil))
                at += 2
                continue
            }
            let length = Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard length >= 2, at + 2 + length <= file.count else { throw TurnRefusal(Words("its JPEG segments are damaged")) }
            pieces.append(Piece(marker: marker, range: at..<(at + 2 + length), payload: (at + 4)..<(at + 2 + length)))
            at += 2 + length
        }
        self.pieces = pieces
        end = at
    }

    /// The first APP1 segment that holds EXIF: its index in `pieces`.
    package func exifIndex(in file: [UInt8]) -> Int? {
        pieces.firstIndex { piece in
            guard piece.marker == 0xE1, let payload = piece.payload, payload.count >= 14 else { return false }
            return file[payload.prefix(6)].elementsEqual(Self.exifHeader)
        }
    }

    /// The TIFF block of the EXIF segment at `index`.
    package func exifBlock(_ index: Int, in file: [UInt8]) -> ArraySlice<UInt8> {
        file[(pieces[index].payload!.lowerBound + 6)..<pieces[index].payload!.upperBound]
    }

    /// Where a new EXIF segment goes: after SOI, or after a JFIF APP0 right after it (an index in `pieces`).
    package var newExifIndex: Int { pieces.first.map { $0.marker == 0xE0 && $0.range.lowerBound == 2 && $0.payload != nil } == true ? 1 : 0 }
}
