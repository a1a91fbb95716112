// Why this exists: libjxl's decoder (through CCameraCodecs) for the helper: a JPEG XL's header read alone, and its frames decoded into arrays of ours with the profile they are in.
import CCameraCodecs
import Foundation
import PhotoFormats

public enum JXLCodec {
    /// What the file's header says, or why it cannot be read.
    public static func facts(_ file: Data) -> Result<JXLFacts, CameraFailure> {
        var info = cp_jxl_info()
        let code = file.withUnsafeBytes { bytes in
            cp_jxl_read_info(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &info, nil, 0)
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

    /// How many frames the file holds (at most `most`), their pixels skipped.
    public static func frameCount(_ file: Data, most: Int) -> Int {
        Int(file.withUnsafeBytes { cp_jxl_count_frames($0.bindMemory(to: UInt8.self).baseAddress, $0.count, UInt32(clamping: most)) })
    }

    /// At most `mostFrames` frames of at most `mostPixels` each, RGBA, oriented; stops when
    /// `isCancelled` says so between frames.
    public static func decode(_ file: Data, mostPixels: Int, mostFrames: Int, isCancelled: @escaping () -> Bool) -> Result<JXLImage, CameraFailure> {
        let frames = FrameCollector(isCancelled: isCancelled)
        var info = cp_jxl_info()
        var icc: UnsafeMutablePointer<UInt8>?
        var iccSize = 0
        let context = Unmanaged.passUnretained(frames).toOpaque()
        let code = file.withUnsafeBytes { bytes in
            cp_jxl_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(mostPixels, 0)), UInt32(max(mostFrames, 1)),
                          context, FrameCollector.take, &info, &icc, &iccSize, nil, 0)
        }
        defer { cp_free(icc) }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        let profile = icc.map { Data(bytes: $0, count: iccSize) }
        let facts = JXLFacts(width: Int(info.width), height: Int(info.height), animated: info.animated != 0)
        return .success(JXLImage(facts: facts, frames: frames.frames, profile: profile))
    }
}
