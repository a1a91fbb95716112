// Why this exists: a failure in the user's language, made from its typed cause at the app's edge (the row's tooltip and what a screen reader says, the viewer, the export's list); in English it reads exactly as the trace's reason.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoPipeline
import PhotoFetching

package enum FailureText {
    package static func of(_ failure: StageFailure) -> String {
        switch failure.cause {
        case .fetch(let error): fetch(error) ?? failure.description
        case .decode(let error): decode(error)
        case .filter(let error): filter(error)
        case .diskFull: tr("the disk is full")
        case .words(let words): words.translated
        case .text: failure.code == .cancelled ? tr("cancelled") : failure.description
        case .remembered(let error): fill(tr("%1$s (it has not changed since it last failed)"), decode(error))
        }
    }

    /// Nil where the words come from elsewhere (GIO's or libsoup's own message, a path's kind).
    private static func fetch(_ error: FetchError) -> String? {
        switch error {
        case .cancelled: return tr("cancelled")
        case .httpStatus(let code, let reason): return fill(tr("HTTP %1$s %2$s"), "\(code)", HTTPStatusText.phrase(code, reason))
        case .tooLarge(let limit): return fill(tr("larger than the limit of %1$s"), ByteLimit.describe(limit))
        case .timedOut(let seconds): return fill(tr("timed out after %1$s s"), "\(seconds)")
        case .tls(let message): return fill(tr("TLS error: %1$s"), message)
        case .blocked(let refusal): return blocked(refusal)
        case .insecureRedirect(let target):
            return fill(tr("insecure redirect: an https: address may not send the app to an http: one (%1$s)"), target)
        case .file(let name, let code): return file(name, code)
        case .endedEarly(let received, let expected):
            return fill(trn("the body ended early: %1$s of %2$s byte", "the body ended early: %1$s of %2$s bytes", expected), "\(received)", "\(expected)")
        case .notARegularFile(let name, let kind): return fill(notRegular(kind), name)
        case .notLocal(let url, let host): return fill(tr("“%1$s” names another machine (“%2$s”), not a local file"), url, host)
        case .notAnswering(let stuck, let mount):
            return fill(trn("%1$s read on %2$s is not answering (a network drive that stopped responding?)",
                            "%1$s reads on %2$s are not answering (a network drive that stopped responding?)", stuck), "\(stuck)", mount)
        case .transfer(let words), .unsupported(let words): return words.translated
        }
    }

    /// A local file's error: the common ones in the user's language, others in the C library's words.
    private static func file(_ name: String, _ code: Int32) -> String? {
        switch code {
        case ENOENT: fill(tr("“%1$s”: No such file or directory"), name)
        case EACCES: fill(tr("“%1$s”: Permission denied"), name)
        case EIO: fill(tr("“%1$s”: Input/output error"), name)
        default: nil
        }
    }

    private static func notRegular(_ kind: FileKind) -> String {
        switch kind {
        case .namedPipe: tr("“%1$s” is a named pipe (FIFO), not a regular file")
        case .socket: tr("“%1$s” is a socket, not a regular file")
        case .characterDevice: tr("“%1$s” is a character device, not a regular file")
        case .blockDevice: tr("“%1$s” is a block device, not a regular file")
        case .folder: tr("“%1$s” is a folder, not a regular file")
        case .other: tr("“%1$s” is not a file, not a regular file")
        }
    }

    private static func blocked(_ refusal: NetworkRefusal) -> String {
        let template = switch (refusal.origin == .public, refusal.target == .local) {
        case (true, true): tr("blocked: a gallery from the internet may not load photos from this computer (%1$s)")
        case (true, false): tr("blocked: a gallery from the internet may not load photos from your local network (%1$s)")
        case (false, true): tr("blocked: a gallery from your local network may not load photos from this computer (%1$s)")
        case (false, false): tr("blocked: a gallery from your local network may not load photos from your local network (%1$s)")
        }
        return fill(template, refusal.address)
    }

    /// A decode's failure, in the words it says itself (`DecodeError.words`).
    private static func decode(_ error: DecodeError) -> String { error.words.translated }

    private static func filter(_ error: FilterError) -> String { error.words.translated }
}
