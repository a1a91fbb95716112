// Why this exists: a decode's failure made from what GLib and the decode budget report, beside the format code's own failure type (PhotoFormats' DecodeError), which knows neither.
import GLibRuntime
import PhotoFormats

extension DecodeError {
    /// `format`'s loader refused the data with `error`.
    init(_ error: GLibError, format: String) {
        self = .loaderRefused(format: format, why: LoaderRefusal(error), detail: error.message)
    }

    /// What a refusal of the decode budget means for a decode.
    init(_ refusal: DecodeBudget.Refusal) {
        switch refusal {
        case .cancelled: self = .cancelled
        case .tooLarge(let needed, let capacity): self = .overBudget(needed: needed, capacity: capacity)
        }
    }
}
