// Why this exists: a GdkPixbuf loader's GLib error read as the refusal it is (PhotoFormats' LoaderRefusal knows no GLib).
import GLibRuntime
import PhotoFormats

extension LoaderRefusal {
    /// GdkPixbuf's error `code` (GdkPixbufError), or `failed` for another domain.
    public init(_ error: GLibError) {
        guard error.domain == "gdk-pixbuf-error-quark" else { self = .failed; return }
        switch error.code {
        case 0, 6: self = .damaged            // CORRUPT_IMAGE, INCOMPLETE_ANIMATION
        case 1: self = .outOfMemory           // INSUFFICIENT_MEMORY
        case 2, 3, 4: self = .unsupported     // BAD_OPTION, UNKNOWN_TYPE, UNSUPPORTED_OPERATION
        default: self = .failed               // FAILED, and codes added later
        }
    }
}
