// Why this exists: the C codecs' return codes (camera_codecs.h) as CameraFailure, which the decoder puts in the app's words.
import CCameraCodecs
import PhotoFormats

extension CameraFailure {
    /// The failure a C codec's code names (nil: it succeeded).
    init?(code: Int32) {
        switch Int(code) {
        case Int(CP_OK): return nil
        case Int(CP_CUT_SHORT): self = .cutShort
        case Int(CP_UNSUPPORTED): self = .unsupported
        case Int(CP_NO_PIXELS): self = .noPixels
        case Int(CP_TOO_MANY_PIXELS): self = .tooManyPixels
        case Int(CP_NO_MEMORY): self = .noMemory
        case Int(CP_NO_PREVIEW): self = .noPreview
        case Int(CP_PREVIEW_TOO_LARGE): self = .previewTooLarge
        case Int(CP_CANCELLED): self = .cancelled
        case Int(CP_NO_LIBRARY): self = .noLibrary
        default: self = .undecodable
        }
    }
}
