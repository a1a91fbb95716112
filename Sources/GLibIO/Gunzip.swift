// Why this exists: gzip or zlib data expanded with GIO's zlib decompressor, within a limit (a compressed drawing, `.svgz`, is read as the drawing it holds; a PNG's pixels are read to be turned; a decompression bomb stops at the limit).
import GLibRuntime
import CGLib
import Foundation

public enum Gunzip {
    public enum Failure: Error, Equatable {
        /// It expands past the limit.
        case tooLarge
        /// It is not gzip data, or it is cut short.
        case corrupt(String)
    }

    /// `data` (gzip, or with `zlib` a zlib stream, as a PNG's image data is) expanded, at most `limit` bytes.
    public static func expand(_ data: Data, limit: Int, zlib: Bool = false) throws(Failure) -> Data {
        let format = zlib ? G_ZLIB_COMPRESSOR_FORMAT_ZLIB : G_ZLIB_COMPRESSOR_FORMAT_GZIP
        guard let made = g_zlib_decompressor_new(format) else { throw .corrupt("no decompressor") }
        let converter = ObjectRef(adopting: made)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var failure: Failure?
        data.withUnsafeBytes { raw in
            var offset = 0
            while true {
                var read = 0, written = 0
                let flags = GConverterFlags(rawValue: G_CONVERTER_INPUT_AT_END.rawValue)
                let result: GConverterResult
                do throws(GLibError) {
                    result = try withGError { error in
                        buffer.withUnsafeMutableBytes { out in
                            g_converter_convert(converter.pointer.opaque,
                                                raw.baseAddress.map { $0 + offset }, gsize(raw.count - offset),
                                                out.baseAddress, gsize(out.count), flags, &read, &written, error)
                        }
                    }
                } catch {
                    failure = .corrupt(error.message)
                    return
                }
                offset += read
                output.append(contentsOf: buffer[0..<written])
                if output.count > limit { failure = .tooLarge; return }
                if result == G_CONVERTER_FINISHED { return }
                if result == G_CONVERTER_ERROR || (read == 0 && written == 0) { failure = .corrupt("cut short"); return }
            }
        }
        if let failure { throw failure }
        return output
    }
}
