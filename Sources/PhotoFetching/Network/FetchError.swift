// Why this exists: why fetching bytes failed, in words a person can act on.
import PhotoFormats
import Foundation
import PhotoDecoding

public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case cancelled
    case httpStatus(code: Int, reason: String)
    case tooLarge(limit: Int)
    case timedOut(seconds: Int)
    case tls(String)
    case transfer(Words)
    case unsupported(Words)
    /// A local file that could not be read: `code` is the errno (ENOENT: it is missing).
    case file(name: String, code: Int32)
    /// The body ended before the length the server announced.
    case endedEarly(received: Int, expected: Int)
    /// A local path that is a FIFO, a socket, a device or a folder.
    case notARegularFile(name: String, kind: FileKind)
    /// A `file:` URL naming another machine.
    case notLocal(url: String, host: String)
    /// Too many reads on this mount are stuck already.
    case notAnswering(stuck: Int, mount: String)
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
        case .transfer(let message): return message.description
        case .unsupported(let message): return message.description
        case .file(let name, let code): return "“\(name)”: \(SystemError.english(code))"
        case .endedEarly(let received, let expected): return "the body ended early: \(received) of \(expected) \(expected == 1 ? "byte" : "bytes")"
        case .notARegularFile(let name, let kind): return "“\(name)” is \(kind.description), not a regular file"
        case .notLocal(let url, let host): return "“\(url)” names another machine (“\(host)”), not a local file"
        case .notAnswering(let stuck, let mount):
            return stuck == 1 ? "1 read on \(mount) is not answering (a network drive that stopped responding?)"
                : "\(stuck) reads on \(mount) are not answering (a network drive that stopped responding?)"
        case .blocked(let refusal): return refusal.description
        case .insecureRedirect(let target): return "insecure redirect: an https: address may not send the app to an http: one (\(target))"
        }
    }
}

/// What a path that is not a regular file is instead.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case namedPipe, socket, characterDevice, blockDevice, folder, other

    public var description: String {
        switch self {
        case .namedPipe: "a named pipe (FIFO)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .folder: "a folder"
        case .other: "not a file"
        }
    }
}

public enum ByteLimit {
    public static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
