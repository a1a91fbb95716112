// Why this exists: gexiv2's writing for what Save As and Export Gallery keep of a photo's metadata (only in the decoding helper's program): the edit asked, a carrier JPEG for a HEIF's Exif and XMP, and the metadata saved into a file in memory, from which `MetadataBlocks` cuts the parts the app places itself.
import CGexiv2
import Foundation
import MetadataValues

public enum MetadataWriter {
    /// What is kept, and what the new file is (MetadataValues: the app asks for it without this library).
    public typealias Edit = MetadataEdit

    public enum Failure: Error, Sendable, Equatable {
        /// exiv2 could not read the photo's metadata.
        case unreadable
        /// exiv2 could not write it into the new file, and why.
        case unwritable(String)
    }

    /// A JPEG with nothing but these (a HEIF's Exif item and XMP packet, which bookworm's exiv2
    /// cannot find in a HEIF), for `blocks`; nil when neither fits in a JPEG segment.
    public static func jpegCarrying(exif: Data?, xmp: Data?) -> Data? {
        var jpeg = Data([0xFF, 0xD8])
        var carried = false
        // An Exif item starts with an offset to its TIFF header; a JPEG's APP1 with "Exif\0\0".
        if let exif, let tiff = tiffHeader(in: exif), exif.count - tiff + 6 <= 0xFFFD {
            jpeg.append(segment(Data("Exif\0\0".utf8) + exif[(exif.startIndex + tiff)...]))
            carried = true
        }
        if let xmp, xmp.count + 29 <= 0xFFFD {
            jpeg.append(segment(Data("http://ns.adobe.com/xap/1.0/\0".utf8) + xmp))
            carried = true
        }
        jpeg.append(contentsOf: [0xFF, 0xD9])
        return carried ? jpeg : nil
    }

    private static func tiffHeader(in block: Data) -> Int? {
        let bytes = [UInt8](block.prefix(64))
        for index in 0..<max(0, bytes.count - 3) {
            let head = bytes[index..<index + 4]
            if head.elementsEqual([0x49, 0x49, 0x2A, 0x00]) || head.elementsEqual([0x4D, 0x4D, 0x00, 0x2A]) { return index }
        }
        return nil
    }

    private static func segment(_ payload: Data) -> Data {
        let length = payload.count + 2
        return Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]) + payload
    }

    /// The most a new file may grow by: a JPEG's EXIF, XMP and IPTC fit in 64 KB segments each.
    public static let growthLimit = 4 << 20

    static func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, into encoded: Data) -> Result<Data, Failure> {
        let stream = MemoryStream(encoded, limit: encoded.count + growthLimit)
        var callbacks = stream.callbacks()
        var error: UnsafeMutablePointer<GError>?
        let saved = withExtendedLifetime(stream) { gexiv2_metadata_save_stream(metadata, &callbacks, &error) }
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        guard saved != 0, let written = stream.written else {
            return .failure(.unwritable(message ?? (stream.overflowed ? "it is too large" : "nothing was written")))
        }
        return .success(written)
    }
}
