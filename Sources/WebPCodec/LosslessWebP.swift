// Why this exists: the binding to libwebp that a lossless WebP's rotation needs: a WebP decoded to RGBA into an array of ours, and RGBA encoded losslessly with every value kept (`exact`: even the colour under a transparent pixel), handed back as an array of ours.
import CWebP

public enum LosslessWebP {
    /// The width and height a WebP file says it has (its headers only); nil if libwebp cannot read them.
    public static func size(_ file: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let ok = file.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return ok != 0 && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }

    /// The file's pixels, 8-bit RGBA rows of `width * 4` bytes; nil if it does not decode or is
    /// larger than `mostPixels`.
    public static func decode(_ file: [UInt8], mostPixels: Int) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard let (width, height) = size(file), width * height <= mostPixels else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = file.withUnsafeBufferPointer { input in
            rgba.withUnsafeMutableBufferPointer { output in
                WebPDecodeRGBAInto(input.baseAddress, input.count, output.baseAddress, output.count, Int32(width * 4))
            }
        }
        return decoded == nil ? nil : (width, height, rgba)
    }

    /// A WebP file (RIFF, one VP8L chunk) of `rgba` (rows of `width * 4` bytes), lossless and
    /// exact; nil if libwebp fails.
    public static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { return nil }
        config.lossless = 1
        config.exact = 1
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { return nil }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { return nil }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { pointer -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(pointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else { return nil }
        return Array(UnsafeBufferPointer(start: memory, count: writer.size))
    }
}
