// Why this exists: the tutorial's states of a photo's record (new → downloaded → filtered, or failed), named as the trace names them.
public enum PhotoState: String, Sendable, Codable, CaseIterable {
    case new, downloaded, filtered, failed
}
