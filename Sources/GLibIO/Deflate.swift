// Why this exists: data compressed as a zlib stream with GIO's zlib compressor (a PNG's image data, written again once turned).
import CGLib
import Foundation
import GLibRuntime

public enum Deflate {
    /// `data` as a zlib stream, at zlib's best compression.
    public static func zlib(_ data: Data) throws(GLibError) -> Data {
        guard let made = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9) else {
            throw GLibError(domain: "deflate", code: 0, message: "no compressor")
        }
        let converter = ObjectRef(adopting: made)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var failure: GLibError?
        data.withUnsafeBytes { raw in
            var offset = 0
            while true {
                var read = 0, written = 0
                let result: GConverterResult
                do throws(GLibError) {
                    result = try withGError { error in
                        buffer.withUnsafeMutableBytes { out in
                            g_converter_convert(converter.pointer.opaque, raw.baseAddress.map { $0 + offset }, gsize(raw.count - offset),
                                                out.baseAddress, gsize(out.count), G_CONVERTER_INPUT_AT_END, &read, &written, error)
                        }
                    }
                } catch {
                    failure = error
                    return
                }
                offset += read
                output.append(contentsOf: buffer[0..<written])
                if result == G_CONVERTER_FINISHED { return }
                if result == G_CONVERTER_ERROR || (read == 0 && written == 0) {
                    failure = GLibError(domain: "deflate", code: 0, message: "the compressor stopped")
                    return
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
