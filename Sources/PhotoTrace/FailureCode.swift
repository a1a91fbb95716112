// Why this exists: the stable names of what went wrong, which the trace carries as a failure's `code` and the app decides by (never translated or reworded).
/// A stable name for what went wrong; the trace's `code`, never translated or reworded.
public enum FailureCode: String, Sendable, Codable, CaseIterable {
    case blocked, http, tls, timedOut = "timed-out", tooLarge = "too-large", transfer, unsupported
    case missingFile = "missing-file", unreadableFile = "unreadable-file", truncated
    case specialFile = "special-file", notLocal = "not-local", notAnswering = "not-answering"
    case insecureRedirect = "insecure-redirect", noAddress = "no-address", refusedAddress = "refused-address"
    case undecodable, refusedImage = "refused-image", filter, destination, cancelled, other
    case decoderStopped = "decoder-stopped"
    case notSandboxed = "not-sandboxed"
}
