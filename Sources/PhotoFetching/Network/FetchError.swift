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

    /// What went wrong, in words put into the user's language at the app's edge; said once, here.
    public var words: Words {
        switch self {
        case .cancelled: Words("cancelled")
        case .httpStatus(let code, let reason): Words("HTTP %1$s %2$s", "\(code)", HTTPStatusPhrase.words(code, sent: reason))
        case .tooLarge(let limit): Words("larger than the limit of %1$s", ByteLimit.describe(limit))
        case .timedOut(let seconds): Words("timed out after %1$s s", "\(seconds)")
        case .tls(let message): Words("TLS error: %1$s", message)
        case .transfer(let words), .unsupported(let words): words
        case .file(let name, let code): Self.file(name, code)
        case .endedEarly(let received, let expected):
            Words.plural("the body ended early: %1$s of %2$s byte", "the body ended early: %1$s of %2$s bytes", count: expected, "\(received)", "\(expected)")
        case .notARegularFile(let name, let kind): kind.words(name)
        case .notLocal(let url, let host): Words("“%1$s” names another machine (“%2$s”), not a local file", url, host)
        case .notAnswering(let stuck, let mount):
            Words.plural("%1$s read on %2$s is not answering (a network drive that stopped responding?)",
                         "%1$s reads on %2$s are not answering (a network drive that stopped responding?)", count: stuck, "\(stuck)", mount)
        case .blocked(let refusal): refusal.words
        case .insecureRedirect(let target): Words("insecure redirect: an https: address may not send the app to an http: one (%1$s)", target)
        }
    }

    /// In English, for the trace.
    public var description: String { words.description }

    /// A local file's error: the common ones in the app's words, others in the C library's
    /// (English: its words are not the app's to translate).
    private static func file(_ name: String, _ code: Int32) -> Words {
        switch code {
        case ENOENT: return Words("“%1$s”: No such file or directory", name)
        case EACCES: return Words("“%1$s”: Permission denied", name)
        case EIO: return Words("“%1$s”: Input/output error", name)
        default:
            // Built first: a literal here would be taken for a message to translate.
            let text = "“\(name)”: \(SystemError.english(code))"
            return Words(verbatim: text)
        }
    }
}

/// What a path that is not a regular file is instead.
public enum FileKind: Sendable, Equatable {
    case namedPipe, socket, characterDevice, blockDevice, folder, other

    /// The path `name` is this, not a regular file.
    func words(_ name: String) -> Words {
        switch self {
        case .namedPipe: Words("“%1$s” is a named pipe (FIFO), not a regular file", name)
        case .socket: Words("“%1$s” is a socket, not a regular file", name)
        case .characterDevice: Words("“%1$s” is a character device, not a regular file", name)
        case .blockDevice: Words("“%1$s” is a block device, not a regular file", name)
        case .folder: Words("“%1$s” is a folder, not a regular file", name)
        case .other: Words("“%1$s” is not a file, not a regular file", name)
        }
    }
}

public enum ByteLimit {
    public static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
