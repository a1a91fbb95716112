// Why this exists: why a decoding helper ended, told from its wait status and its last words: a crash, its memory limit, its processor-time limit, the sandbox refusing a call, no answer, or no start; the words a photo fails with.
import PhotoFormats
import Foundation

public enum HelperDeath: Error, Equatable {
    case couldNotStart(Words)
    /// bubblewrap cannot run here (why), and the user has not allowed decoding without it.
    case sandboxRefused(Words)

    /// What a photo fails with when its helper ended (or never started) this way.
    package var decodeError: DecodeError {
        if case .sandboxRefused(let why) = self { return .notSandboxed(why) }
        return .decoderStopped(words)
    }
    case crashed(signal: Int32)
    case outOfMemory(megabytes: Int)
    case outOfTime(seconds: Int)
    /// It wrote a memfd or file past its RLIMIT_FSIZE (SIGXFSZ).
    case wroteTooMuch
    case refusedCall
    case exited(status: Int32)
    case noAnswer(seconds: Int)
    case garbled
    case alreadyStopped

    /// From `waitpid`'s status. Through bubblewrap, a helper killed by signal N shows as bubblewrap
    /// exiting with 128 + N.
    init(status: Int32, sandboxed: Bool, errorOutput: String, launch: HelperLaunch?) {
        var signal: Int32 = 0
        var exitCode: Int32 = 0
        if status >= 0, status & 0x7F != 0, status & 0x7F != 0x7F {
            signal = status & 0x7F
        } else if status >= 0 {
            exitCode = (status >> 8) & 0xFF
            if sandboxed, exitCode > 128, exitCode < 128 + 65 { signal = exitCode - 128 }
        }
        let memory = ["failed to allocate", "bad_alloc", "Cannot allocate memory", "out of memory"].contains { errorOutput.contains($0) }
        if memory, signal != 0 || exitCode != 0 {
            self = .outOfMemory(megabytes: Int((launch?.addressLimit ?? 0) >> 20))
        } else if signal == SIGXCPU {
            self = .outOfTime(seconds: launch?.processorSeconds ?? HelperLaunch.defaultProcessorSeconds)
        } else if signal == SIGXFSZ {
            self = .wroteTooMuch
        } else if signal == SIGSYS {
            self = .refusedCall
        } else if signal != 0 {
            self = .crashed(signal: signal)
        } else if errorOutput.contains("bwrap:") {
            let line = errorOutput.split(separator: "\n").last { $0.contains("bwrap:") }.map(String.init) ?? ""
            self = .couldNotStart(Words(verbatim: line))
        } else {
            self = .exited(status: exitCode)
        }
    }

    /// The signal's name, as the C library would print it (in English).
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGTRAP: return "SIGTRAP"
        default: return "signal \(signal)"
        }
    }

    /// Why the photo failed.
    package var words: Words {
        switch self {
        case .couldNotStart(let why): return Words("the helper that decodes photos could not start: %1$s", why)
        case .sandboxRefused(let why): return Words("photos are decoded only in a sandbox, and it cannot run here (%1$s)", why)
        case .crashed(let signal): return Words("the helper decoding it crashed (%1$s)", Self.signalName(signal))
        case .outOfMemory(let megabytes): return Words("the helper decoding it ran out of the %1$s MB of memory it may use", "\(megabytes)")
        case .outOfTime(let seconds): return Words("decoding it took more than %1$s s of processor time", "\(seconds)")
        case .wroteTooMuch: return Words("the helper decoding it wrote more than any answer may hold")
        case .refusedCall: return Words("the helper decoding it tried something its sandbox does not allow")
        case .exited(let status): return Words("the helper decoding it ended unexpectedly (status %1$s)", "\(status)")
        case .noAnswer(let seconds): return Words("the helper decoding it did not answer within %1$s s", "\(seconds)")
        case .garbled: return Words("the helper decoding it answered with something that is not a reply")
        case .alreadyStopped: return Words("the helper decoding it had already stopped")
        }
    }
}
