// Why this exists: libjxl's decoder (through CCameraCodecs) for the helper: a JPEG XL's header read alone, and its frames decoded into arrays of ours with the profile they are in.
import CCameraCodecs
import Foundation
import PhotoFormats

public enum JXLCodec {
    /// What the file's header says, or why it cannot be read.
    public static func facts(_ file: Data) -> Result<JXLFacts, CameraFailure> {
        var info = cp_jxl_info()
        var words = CodecWords()
        let code = file.withUnsafeBytes { bytes in
            cp_jxl_read_info(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &info, &words.buffer, words.buffer.count)
        }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        return .success(JXLFacts(width: Int(info.width), height: Int(info.height), animated: info.animated != 0))
    }

    /// The most bytes an Exif box or XMP packet may expand to.
    static let mostMetadata = 1 << 20

    /// The Exif box's payload and the XMP packet in `prefix` (a file's first bytes), decompressed.
    public static func metadata(_ prefix: Data) -> (exif: Data?, xmp: Data?) {
        var exif: UnsafeMutablePointer<UInt8>?, xmp: UnsafeMutablePointer<UInt8>?
        var exifSize = 0, xmpSize = 0
        _ = prefix.withUnsafeBytes { bytes in
            cp_jxl_metadata(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(mostMetadata), &exif, &exifSize, &xmp, &xmpSize)
        }
        defer {
            cp_free(exif)
            cp_free(xmp)
        }
        return (exif.map { Data(bytes: $0, count: exifSize) }, xmp.map { Data(bytes: $0, count: xmpSize) })
    }

    /// Collects the frames the C decoder hands over.
    private final class Frames {
        var frames: [(pixels: CameraPixels, milliseconds: Int)] = []
        let isCancelled: () -> Bool
        init(isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }
    }

    /// At most `mostFrames` frames of at most `mostPixels` each, RGBA, oriented; stops when
    /// `isCancelled` says so between frames.
    public static func decode(_ file: Data, mostPixels: Int, mostFrames: Int, isCancelled: @escaping () -> Bool) -> Result<JXLImage, CameraFailure> {
        let frames = Frames(isCancelled: isCancelled)
        var info = cp_jxl_info()
        var icc: UnsafeMutablePointer<UInt8>?
        var iccSize = 0
        var words = CodecWords()
        let context = Unmanaged.passUnretained(frames).toOpaque()
        let code = file.withUnsafeBytes { bytes in
            cp_jxl_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(mostPixels, 0)), UInt32(max(mostFrames, 1)),
                          context, { context, rgba, width, height, milliseconds in
                              let frames = Unmanaged<Frames>.fromOpaque(context!).takeUnretainedValue()
                              let count = Int(width) * Int(height) * 4
                              frames.frames.append((CameraPixels(width: Int(width), height: Int(height), hasAlpha: true,
                                                                 bytes: Data(bytes: rgba!, count: count)), Int(milliseconds)))
                              return frames.isCancelled() ? 1 : 0
                          }, &info, &icc, &iccSize, &words.buffer, words.buffer.count)
        }
        defer { cp_free(icc) }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        let profile = icc.map { Data(bytes: $0, count: iccSize) }
        let facts = JXLFacts(width: Int(info.width), height: Int(info.height), animated: info.animated != 0)
        return .success(JXLImage(facts: facts, frames: frames.frames, profile: profile))
    }
}
