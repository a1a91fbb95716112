// Why this exists: why fetching bytes failed, in words a person can act on.
import Foundation

public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case cancelled
    case httpStatus(code: Int, reason: String)
    case tooLarge(limit: Int)
    case timedOut(seconds: Int)
    case tls(String)
    case transfer(String)
    case unsupported(String)
    /// A local path that is a FIFO, a socket, a device or a folder.
    case notARegularFile(String)
    /// A `file:` URL naming another machine.
    case notLocal(String)
    /// Too many reads on this mount are stuck already.
    case notAnswering(String)
    /// Private network access: the gallery may not reach this address.
    case blocked(NetworkRefusal)
    /// An `https:` URL redirected to `http:`.
    case insecureRedirect(to: String)

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .httpStatus(let code, let reason): return "HTTP \(code) \(reason)"
        case .tooLarge(let limit): return "larger than the limit of \(ByteLimit.describe(limit))"
        case .timedOut(let seconds): return "timed out after \(seconds) s"
        case .tls(let message): return "TLS error: \(message)"
        case .transfer(let message): return message
        case .unsupported(let message): return message
        case .notARegularFile(let message): return message
        case .notLocal(let message): return message
        case .notAnswering(let message): return message
        case .blocked(let refusal): return refusal.description
        case .insecureRedirect(let target): return "insecure redirect: an https: address may not send the app to an http: one (\(target))"
        }
    }
}

public enum ByteLimit {
    public static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
