// Why this exists: the libFuzzer entry point for the image header readers (HEIF and AVIF, WebP, GIF, SVG), which read untrusted bytes before any decoder does, for Rotate's edits (JPEG and TIFF EXIF, HEIF irot, PNG pixels), which rewrite the user's photos, for the EXIF thumbnail a share's JPEG shows first (how far to read, where it is), for a camera's formats told apart, a RAW file's head (how far its previews go) and a JPEG XL's Exif box, and for every metadata reader (details, facts, the kept metadata's parts and the app's checks of them) (built with AddressSanitizer and libFuzzer: meson-wrapper/asan-build.sh, run by fuzz.sh). The parsers' libraries are linked as the helper's program links them.
import PhotoFormats
import DecodeHelper
import Foundation
import FuzzerDriver
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    // Every reader on every input: each must refuse what it cannot read, never trap.
    for format in ["heif/avif", "webp", "gif", "svg"] {
        _ = try? ImageHeader.read(data, formatNamed: format)
    }
    PhotoTurning.tryEveryEdit(on: data, parsers: LinkedParsers.libraries)
    // A share's preview: how far to read (in the app), and the EXIF thumbnail found (in the helper).
    _ = ExifThumbnail.bytesNeeded(data)
    _ = ExifThumbnail.find(in: [UInt8](data))
    MetadataFuzzing.tryEveryReader(on: data, parsers: LinkedParsers.libraries)
    // A camera's formats told apart (by bytes and a RAW's name), and a JPEG XL's Exif box read.
    _ = CameraFile.kind(of: data, name: "photo.dng")
    _ = JXLBoxes.exifBlock(box: data)
    _ = RawHead.bytesNeeded(data, fileSize: data.count)
    _ = RawHead.bytesNeeded(data, fileSize: Int.max)
    _ = RawPreviews.smallest(in: data, covering: 128, smallerThan: Int.max)
    return 0
}

/// SwiftPM links an executable's entry point as `<module>_main`.
@_cdecl("HeaderFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    return runLibFuzzer("header-fuzzer", argc, argv) { data, size in fuzzHeader(data, size) }
}
