// Why this exists: data compressed as a zlib stream with GIO's zlib compressor (a PNG's image data, written again once turned).
import CGLib
import Foundation
import GLibRuntime

public enum Deflate {
    /// `data` as a zlib stream, at zlib's best compression (`level` 9) or a faster one (1).
    public static func zlib(_ data: Data, level: Int32 = 9) throws(GLibError) -> Data {
        guard let made = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, level) else {
            throw GLibError(domain: "deflate", code: 0, message: "no compressor")
        }
        do throws(ConverterRun.Failure) {
            return try ConverterRun.run(ObjectRef(adopting: made), data, limit: Int.max)
        } catch {
            throw GLibError(domain: "deflate", code: 0, message: error.message)
        }
    }
}
