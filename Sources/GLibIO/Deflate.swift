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
        do throws(ConverterRun.Failure) {
            return try ConverterRun.run(ObjectRef(adopting: made), data, limit: Int.max)
        } catch {
            throw GLibError(domain: "deflate", code: 0, message: error.message)
        }
    }
}
