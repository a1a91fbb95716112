// Why this exists: a failure the shared thumbnail cache remembers for a photo that has not changed since: as it was met, typed, or (an entry written without its type) only its English words.
import PhotoFormats
import PhotoDecoding

public enum RememberedFailure: Sendable, Equatable {
    case typed(DecodeError)
    case english(String)
}
