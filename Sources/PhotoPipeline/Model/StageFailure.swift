// Why this exists: why a stage failed, as a value carried from the stage that met it to the widget that shows it: the app decides by its `code` (the consent by its refusal, the export by cancelled), the trace carries the code, and its English words are only its description.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoFetching
import PhotoTrace

public struct StageFailure: Error, Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A stable name for what went wrong (the trace's `code`).
    public typealias Code = FailureCode

    /// The typed error it came from, with its details (a status, a size, a limit), so the app can
    /// say it in the user's language; `words` for a message of its own; `text` where there is only the English.
    public enum Cause: Sendable, Equatable {
        case fetch(FetchError), decode(DecodeError), filter(FilterError), diskFull, words(Words), text
        /// Met before, on the same unchanged file, and remembered (not met again).
        case remembered(DecodeError)
    }

    public let code: Code
    /// For `blocked`: what the gallery may not reach, which the consent asks about.
    public let refusal: NetworkRefusal?
    /// In English, for the trace and as the words shown until they are translated.
    public let description: String
    public let cause: Cause

    public init(_ code: Code, _ description: String, refusal: NetworkRefusal? = nil, cause: Cause = .text) {
        self.code = code
        self.description = description
        self.refusal = refusal
        self.cause = cause
    }

    /// A failure told in words of its own (an entry's problem, an encoder's refusal).
    public init(_ code: Code, _ words: Words) {
        self.init(code, words.description, cause: .words(words))
    }

    /// A failure with no code of its own yet.
    public init(stringLiteral value: String) { self.init(.other, value) }

    public init(_ error: FetchError) {
        let code: Code = switch error {
        case .cancelled: .cancelled
        case .httpStatus: .http
        case .tooLarge: .tooLarge
        case .timedOut: .timedOut
        case .tls: .tls
        case .transfer: .transfer
        case .unsupported: .unsupported
        case .file(_, let code): code == ENOENT ? .missingFile : .unreadableFile
        case .endedEarly: .truncated
        case .notARegularFile: .specialFile
        case .notLocal: .notLocal
        case .notAnswering: .notAnswering
        case .blocked: .blocked
        case .insecureRedirect: .insecureRedirect
        }
        if case .blocked(let refusal) = error {
            self.init(code, error.description, refusal: refusal, cause: .fetch(error))
        } else {
            self.init(code, error.description, cause: .fetch(error))
        }
    }

    public init(_ error: DecodeError) {
        let code: Code = switch error {
        case .cancelled: .cancelled
        case .empty, .undecodable, .loaderRefused, .unreadableHeader: .undecodable
        case .truncated: .truncated
        case .decoderStopped: .decoderStopped
        case .notSandboxed: .notSandboxed
        case .tooManyPixels, .tooManyFrames, .tooManyTiles, .overBudget, .drawing: .refusedImage
        }
        self.init(code, error.description, cause: .decode(error))
    }

    /// An animation that is not played: a decode's refusal keeps its own code; the others are
    /// the viewer's to show still (`other`), or its loader's failure (`undecodable`).
    /// The photo failed so before, and has not changed since: not decoded again.
    public init(_ remembered: RememberedFailure) {
        switch remembered {
        case .typed(let error):
            let met = StageFailure(error)
            self.init(met.code, "\(met.description)\(Self.unchanged)", cause: .remembered(error))
        case .english(let reason):
            self.init(.undecodable, "\(reason)\(Self.unchanged)")
        }
    }

    static let unchanged = " (it has not changed since it last failed)"

    public init(_ refusal: AnimationRefusal) {
        switch refusal {
        case .decode(let error): self.init(error)
        case .cancelled: self.init(.cancelled, refusal.description, cause: .words(refusal.words))
        case .unreadable: self.init(.undecodable, refusal.description, cause: .words(refusal.words))
        default: self.init(.other, refusal.description, cause: .words(refusal.words))
        }
    }

    public init(_ error: FilterError) {
        self.init(error == .cancelled ? .cancelled : .filter, error.description, cause: .filter(error))
    }

    public init(_ error: ExportFailure) {
        switch error {
        case .cancelled: self.init(.cancelled, error.description)
        case .photo(let failure): self = failure
        case .destination(let why): self.init(.destination, error.description, cause: why.code == ENOSPC ? .diskFull : .words(why.words))
        }
    }

    public var isCancelled: Bool { code == .cancelled }
}
