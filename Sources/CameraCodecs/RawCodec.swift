// Why this exists: libraw (through CCameraCodecs) for the helper: what a RAW file says without its pixels, its embedded preview, and its sensor data developed into sRGB, each into values of ours.
import CCameraCodecs
import Foundation
import PhotoFormats

public enum RawCodec {
    /// What the file says about itself, or why libraw cannot read it.
    public static func facts(_ file: Data) -> Result<RawFacts, CameraFailure> {
        var info = cp_raw_info()
        let code = file.withUnsafeBytes { bytes in
            cp_raw_read_info(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &info, nil, 0)
        }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }
        }
        let hasPreview = info.has_preview != 0
        return .success(RawFacts(width: Int(info.width), height: Int(info.height), sensorPixels: Int(info.raw_width) * Int(info.raw_height),
                                 orientation: RawFacts.orientation(flip: Int(info.flip)),
                                 previewWidth: hasPreview ? Int(info.preview_width) : 0, previewHeight: hasPreview ? Int(info.preview_height) : 0,
                                 make: text(info.make), model: text(info.model), lens: text(info.lens), iso: Double(info.iso),
                                 shutter: Double(info.shutter), aperture: Double(info.aperture), focalLength: Double(info.focal_length)))
    }

    /// The largest embedded preview, at most `mostBytes`.
    public static func preview(_ file: Data, mostBytes: Int) -> Result<RawPreview, CameraFailure> {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var isJPEG: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0
        let code = file.withUnsafeBytes { bytes in
            cp_raw_preview(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(mostBytes, 0)), &out, &size, &isJPEG,
                           &width, &height, nil, 0)
        }
        defer { cp_free(out) }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        guard let out else { return .failure(.undecodable) }
        let bytes = Data(bytes: out, count: size)
        if isJPEG != 0 { return .success(.jpeg(bytes)) }
        let pixels = CameraPixels(width: Int(width), height: Int(height), hasAlpha: false, bytes: bytes)
        return pixels.isWhole ? .success(.pixels(pixels)) : .failure(.undecodable)
    }

    /// The sensor data developed (at half size when `half`), RGB, unturned.
    public static func develop(_ file: Data, half: Bool, mostPixels: Int) -> Result<CameraPixels, CameraFailure> {
        var out: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let code = file.withUnsafeBytes { bytes in
            cp_raw_develop(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, half ? 1 : 0, UInt64(max(mostPixels, 0)), &out,
                           &width, &height, nil, 0)
        }
        defer { cp_free(out) }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        guard let out else { return .failure(.undecodable) }
        let pixels = CameraPixels(width: Int(width), height: Int(height), hasAlpha: false, bytes: Data(bytes: out, count: Int(width) * Int(height) * 3))
        return pixels.isWhole ? .success(pixels) : .failure(.undecodable)
    }
}
