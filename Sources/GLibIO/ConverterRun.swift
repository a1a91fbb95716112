// Why this exists: one GConverter (GIO's zlib compressor or decompressor) run over a whole buffer, within a limit on what it writes: what Gunzip and Deflate share.
import CGLib
import Foundation
import GLibRuntime

enum ConverterRun {
    enum Failure: Error {
        /// It wrote more than the limit.
        case tooLarge
        /// GIO's reason, or the converter stopped short.
        case failed(String)

        var message: String {
            switch self {
            case .tooLarge: "too large"
            case .failed(let reason): reason
            }
        }
    }

    /// `data` through `converter`, as one input that ends; at most `limit` bytes out.
    static func run(_ converter: ObjectRef, _ data: Data, limit: Int) throws(Failure) -> Data {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var failure: Failure?
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
                    failure = .failed(error.message)
                    return
                }
                offset += read
                output.append(contentsOf: buffer[0..<written])
                if output.count > limit { failure = .tooLarge; return }
                if result == G_CONVERTER_FINISHED { return }
                if result == G_CONVERTER_ERROR || (read == 0 && written == 0) { failure = .failed("cut short"); return }
            }
        }
        if let failure { throw failure }
        return output
    }
}
