// Why this exists: a download hands the photo's encoded bytes to a viewer operation that depends on it, so the viewer never downloads the same photo twice.
import GLibRuntime
import Foundation

/// Filled by the download on its worker thread once it has the photo's bytes; read by the
/// viewer's operation after the download finished (the operation's dependency orders the two,
/// the lock makes it visible). It lives as long as the download operation: a viewer operation
/// that depends on a download holds it through `dependencies`.
public final class OriginalBytes: Sendable {
    private let stored = Locked<Data?>(nil)

    public init() {}

    public var data: Data? { stored.withLock { $0 } }
    func keep(_ data: Data) { stored.withLock { $0 = data } }
}
