// Why this exists: a GdkPixbuf loader's refusal told by its error code in the app's own words (which are translated), its message kept as detail for the trace only: a library's English never reaches a Korean screen.

public enum LoaderRefusal: String, Sendable, Equatable, Codable {
    /// The data is damaged, or is not of the format it was taken for (a text file named `.jpg`).
    case damaged
    case outOfMemory = "out-of-memory"
    /// The loader does not read this variant of its format.
    case unsupported
    /// Any other refusal (`GDK_PIXBUF_ERROR_FAILED`, or an error of another domain).
    case failed

    /// Why, for a `format` (GdkPixbuf's name for it: "jpeg", "png"…).
    public func words(_ format: String) -> Words {
        let name = format.uppercased()
        return switch self {
        case .damaged: Words("the %1$s data is damaged, or it is not a %1$s file", name)
        case .outOfMemory: Words("there is not enough memory to decode it")
        case .unsupported: Words("this kind of %1$s is not one its decoder reads", name)
        case .failed: Words("its %1$s decoder could not read it", name)
        }
    }
}
