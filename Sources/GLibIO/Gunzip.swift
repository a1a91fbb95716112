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
        do throws(ConverterRun.Failure) {
            return try ConverterRun.run(ObjectRef(adopting: made), data, limit: limit)
        } catch {
            if case .failed(let reason) = error { throw .corrupt(reason) }
            throw .tooLarge
        }
    }
}
