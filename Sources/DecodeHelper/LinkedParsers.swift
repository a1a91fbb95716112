// Why this exists: the helper's program is the only one that links the photo parsers' libraries (gexiv2 and exiv2 through PhotoMetadata, libwebp's codec through WebPCodec, libraw and libjxl through CameraCodecs); this is the table of them (ParserLibraries) it hands to the pipeline's helper-side code, as the pipeline's tests, benchmarks and fuzzers do through `Decoders.here`.
import Foundation
import MetadataValues
import PhotoMetadata
import PhotoDecoding
import WebPCodec
import CameraCodecs

public enum LinkedParsers {
    /// This program's parsers (a constant: functions of the libraries it links).
    public static let libraries = ParserLibraries(
        tags: { file, names in names.map { MetadataReader.read(file: file, only: $0) } ?? MetadataReader.read(file: file) },
        exifTags: { MetadataReader.read(exif: $0) },
        keptBlocks: { source, edit in
            switch MetadataWriter.blocks(from: source, edit) {
            case .success(.blocks(let blocks)): .blocks(blocks)
            case .success(.nothingToKeep): .nothingToKeep
            case .failure(.unreadable): .unreadable
            case .failure(.unwritable(let why)): .unwritable(why)
            }
        },
        jpegCarrying: { MetadataWriter.jpegCarrying(exif: $0, xmp: $1) },
        losslessSize: { LosslessWebP.size($0) },
        losslessDecode: { LosslessWebP.decode($0, mostPixels: $1) },
        losslessEncode: { LosslessWebP.encode(rgba: $0, width: $1, height: $2) },
        marked: { file, change in
            switch MarksWriter.marked(file, change) {
            case .packet(let data, let before): .packet(data, before: before)
            case .unreadable: .unreadable
            case .unwritable(let why): .unwritable(why)
            }
        },
        marks: { MarksReader.marks(of: $0) },
        camera: CameraParsers(jxlFacts: { JXLCodec.facts($0) }, jxlDecode: { JXLCodec.decode($0, mostPixels: $1, mostFrames: $2, isCancelled: $3) },
                              jxlMetadata: { JXLCodec.metadata($0) }, jxlFrames: { JXLCodec.frameCount($0, most: $1) },
                              avifFacts: { AVIFCodec.facts($0) },
                              avifDecode: { AVIFCodec.decode($0, mostPixels: $1, mostFrames: $2, isCancelled: $3) },
                              rawFacts: { RawCodec.facts($0) }, rawPreview: { RawCodec.preview($0, mostBytes: $1) },
                              rawDevelop: { RawCodec.develop($0, half: $1, mostPixels: $2) }))
}
