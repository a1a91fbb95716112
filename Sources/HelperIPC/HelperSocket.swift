// Why this exists: the socket between the app and a decoding helper as an owned Swift type: one message at a time, a descriptor beside it, a wait that a cancellation's descriptor or a deadline ends.
import CHelperIPC
import Foundation
import Synchronization

/// Used by one thread at a time (the helper process that owns it is lent to one decode); its
/// descriptor never changes, and it is closed once, by whichever thread closes it first.
public final class HelperSocket: Sendable {
    public let fd: Int32
    private let closed = Atomic(false)

    /// Take over `fd` (closed on deinit).
    public init(adopting fd: Int32) { self.fd = fd }
    deinit { close() }

    /// A connected pair: this end, and the other as a bare descriptor for the child (the caller
    /// closes it once the child has it).
    public static func pair() -> (HelperSocket, child: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard cph_socketpair(&fds) == 0 else { return nil }
        return (HelperSocket(adopting: fds[0]), fds[1])
    }

    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Glibc.close(fd)
    }

    /// Send `message`, with `passing` beside it. False when the other end is gone.
    @discardableResult
    public func send(_ message: Data, passing: Int32 = -1) -> Bool {
        message.withUnsafeBytes { cph_send(fd, $0.baseAddress, $0.count, passing) } == 0
    }

    /// What a wait for a message ended with.
    public enum Received {
        /// A message, and the descriptor that came with it (-1: none; the caller owns it).
        case message(Data, fd: Int32)
        case endOfFile, cancelled, timedOut
        case failed(errno: Int32)
    }

    /// Wait at most `milliseconds` (-1: for ever) for a message of at most `limit` bytes, or
    /// until `cancel` (a descriptor, -1: none) becomes readable.
    public func receive(limit: Int, milliseconds: Int32 = -1, cancel: Int32 = -1) -> Received {
        var buffer = [UInt8](repeating: 0, count: limit)
        var passed: Int32 = -1
        let got = buffer.withUnsafeMutableBytes { cph_receive(fd, $0.baseAddress, $0.count, &passed, milliseconds, cancel) }
        switch got {
        case Int(CPH_CANCELLED): return .cancelled
        case Int(CPH_TIMED_OUT): return .timedOut
        case 0: return .endOfFile
        case ..<0: return .failed(errno: Int32(-got))
        default: return .message(Data(buffer[0..<got]), fd: passed)
        }
    }

    /// Whether a message waits (without reading it).
    public var hasPending: Bool { cph_pending(fd) != 0 }
}
