// Why this exists: gexiv2 writes metadata into a file only through a stream; this one is a byte buffer in memory (the helper may not open a file for writing), holding the encoded photo and then what exiv2 writes over it.
import CGexiv2
import Foundation

/// A seekable, growable buffer behind gexiv2's `ManagedStreamCallbacks`.
final class MemoryStream {
    private(set) var bytes: [UInt8]
    private var position = 0
    /// The end of what was written since it was made (exiv2 writes the whole new file from the
    /// start, once): the file is the bytes before it.
    private var writtenEnd: Int?
    /// The most it may grow to: past this a write is dropped and the stream counts as failed.
    private let limit: Int
    private(set) var overflowed = false

    init(_ data: Data, limit: Int) {
        bytes = [UInt8](data)
        self.limit = limit
    }

    /// What exiv2 wrote, nil when it wrote nothing or too much.
    var written: Data? {
        guard !overflowed, let writtenEnd, writtenEnd > 0 else { return nil }
        return Data(bytes[0..<writtenEnd])
    }

    /// The callbacks gexiv2 calls, valid while this stream lives.
    func callbacks() -> ManagedStreamCallbacks {
        ManagedStreamCallbacks(
            handle: Unmanaged.passUnretained(self).toOpaque(),
            CanSeek: { _ in 1 }, CanRead: { _ in 1 }, CanWrite: { _ in 1 },
            Length: { gint64(MemoryStream.of($0).bytes.count) },
            Position: { gint64(MemoryStream.of($0).position) },
            Read: { handle, buffer, offset, count in MemoryStream.of(handle).read(into: buffer, offset: offset, count: count) },
            Write: { handle, buffer, offset, count in MemoryStream.of(handle).write(buffer, offset: offset, count: count) },
            Seek: { handle, offset, origin in MemoryStream.of(handle).seek(offset, origin) },
            Flush: { _ in })
    }

    private static func of(_ handle: UnsafeMutableRawPointer?) -> MemoryStream {
        Unmanaged<MemoryStream>.fromOpaque(handle!).takeUnretainedValue()
    }

    private func read(into buffer: UnsafeMutableRawPointer?, offset: Int32, count: Int32) -> Int32 {
        guard let buffer, offset >= 0, count > 0, position < bytes.count else { return 0 }
        let taken = min(Int(count), bytes.count - position)
        bytes.withUnsafeBytes { source in
            (buffer + Int(offset)).copyMemory(from: source.baseAddress! + position, byteCount: taken)
        }
        position += taken
        return Int32(taken)
    }

    private func write(_ buffer: UnsafeMutableRawPointer?, offset: Int32, count: Int32) {
        guard let buffer, offset >= 0, count > 0 else { return }
        let end = position + Int(count)
        guard end <= limit else {
            overflowed = true
            return
        }
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            (target.baseAddress! + position).copyMemory(from: buffer + Int(offset), byteCount: Int(count))
        }
        position = end
        writtenEnd = max(writtenEnd ?? 0, end)
    }

    private func seek(_ offset: gint64, _ origin: WrapperSeekOrigin) {
        let base: Int
        switch origin {
        case Begin: base = 0
        case Current: base = position
        default: base = bytes.count
        }
        position = max(0, min(base + Int(clamping: offset), bytes.count))
    }
}
