// Why this exists: a GInputStream (as ReadStream: Foundation has an InputStream) the caller owns (a libsoup response body): read in chunks with a cancellable, closed and released with the wrapper.
import GLibRuntime
import CGLib

/// Owns one reference to a GInputStream; reads on the calling thread. Not shared between threads.
/// (@unchecked Sendable: handed to one worker thread that alone reads it.)
public final class ReadStream: @unchecked Sendable {
    public let ref: ObjectRef
    private var pointer: UnsafeMutablePointer<GInputStream> { ref.pointer.as(GInputStream.self) }

    /// Take over a `transfer full` stream.
    public init(adopting stream: UnsafeMutablePointer<GInputStream>) { ref = ObjectRef(adopting: stream) }

    /// Read up to `buffer.count` bytes; 0 at the end. Cancelling `cancellable` ends a blocked read with G_IO_ERROR_CANCELLED.
    public func read(into buffer: UnsafeMutableRawBufferPointer, cancellable: Cancellable) throws(GLibError) -> Int {
        try withGError { g_input_stream_read(pointer, buffer.baseAddress, gsize(buffer.count), cancellable.pointer, $0) }
    }

    /// Close it now (a body abandoned half-way frees its connection); errors are of no use here.
    public func close() { g_input_stream_close(pointer, nil, nil) }
}
