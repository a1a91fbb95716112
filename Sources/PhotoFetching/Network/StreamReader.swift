// Why this exists: reads a GInputStream to the end, enforcing a byte limit and a deadline, and honouring cancellation.
import PhotoFormats
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding

enum StreamReader {
    static let chunkSize = 64 * 1024

    static func readAll(_ stream: ReadStream, limit: Int, expected: Int?,
                        cancellable: Cancellable, deadline: Date, timeoutSeconds: Int, ioTimeoutSeconds: Int,
                        progress: ((Int, Int?) -> Void)?) throws(FetchError) -> Data {
        var data = Data()
        if let expected { data.reserveCapacity(min(expected, limit)) }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count: Int
            do throws(GLibError) {
                let read: Result<Int, GLibError> = chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(GLibError) in try stream.read(into: buffer, cancellable: cancellable) }
                }
                count = try read.get()
            } catch {
                if error.isCancelled { throw .cancelled }
                if error.isTimedOut { throw .timedOut(seconds: ioTimeoutSeconds) }
                if error.isTLS { throw .tls(error.message) }
                throw .transfer(Words(verbatim: error.message))
            }
            if count == 0 { break }
            if count < 0 { throw .transfer(Words("read failed")) }
            if data.count + count > limit { throw .tooLarge(limit: limit) }
            data.append(contentsOf: chunk[0..<count])
            progress?(data.count, expected)
            if Date() > deadline { throw .timedOut(seconds: timeoutSeconds) }
        }
        if let expected, data.count < expected {
            throw .endedEarly(received: data.count, expected: expected)
        }
        return data
    }
}
