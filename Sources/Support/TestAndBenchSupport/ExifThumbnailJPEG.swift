// Why this exists: JPEGs carrying an EXIF thumbnail as cameras write them (IFD1's JPEG, in the APP1 segment right after SOI), with an orientation, for the tests and benchmarks of the previews shown from a photo's first bytes.
import Foundation

extension TestImages {
    /// `jpeg` with an APP1 EXIF segment right after SOI: IFD0 holds `orientation` (1–8) and
    /// IFD1 points at `thumbnail` (a JPEG of its own), as a camera writes it.
    public static func withEXIFThumbnail(_ jpeg: Data, thumbnail: Data, orientation: UInt16 = 1) -> Data {
        var tiff = Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]) // big-endian TIFF header, IFD0 at 8
        tiff.append(bigEndian: UInt16(1))                 // IFD0: one entry
        tiff.append(bigEndian: UInt16(0x0112))            // Orientation, SHORT, 1
        tiff.append(bigEndian: UInt16(3))
        tiff.append(bigEndian: UInt32(1))
        tiff.append(bigEndian: orientation); tiff.append(bigEndian: UInt16(0))
        tiff.append(bigEndian: UInt32(26))                // IFD1 at 26
        tiff.append(bigEndian: UInt16(2))                 // IFD1: two entries
        tiff.append(bigEndian: UInt16(0x0201))            // JPEGInterchangeFormat, LONG, 1: at 56
        tiff.append(bigEndian: UInt16(4))
        tiff.append(bigEndian: UInt32(1))
        tiff.append(bigEndian: UInt32(56))
        tiff.append(bigEndian: UInt16(0x0202))            // JPEGInterchangeFormatLength, LONG, 1
        tiff.append(bigEndian: UInt16(4))
        tiff.append(bigEndian: UInt32(1))
        tiff.append(bigEndian: UInt32(thumbnail.count))
        tiff.append(bigEndian: UInt32(0))                 // no IFD after it
        tiff.append(thumbnail)
        return withEXIF(jpeg, tiff: tiff)
    }

    /// A small JPEG thumbnail, red on its left half and blue on its right: which way it was
    /// turned shows in where each colour went.
    public static func halvesThumbnail(width: Int = 160, height: Int = 120) -> Data {
        encoded(width: width, height: height, type: "jpeg") { x, _ in x < width / 2 ? [220, 20, 20] : [20, 20, 220] }
    }
}
