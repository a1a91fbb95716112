// Why this exists: a failure in the user's language, made from its typed cause at the app's edge (the row's tooltip and what a screen reader says, the viewer, the export's list); in English it reads exactly as the trace's reason.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoPipeline
import PhotoFetching

package enum FailureText {
    package static func of(_ failure: StageFailure) -> String {
        switch failure.cause {
        case .fetch(let error): error.words.translated
        case .decode(let error): decode(error)
        case .filter(let error): filter(error)
        case .diskFull: tr("the disk is full")
        case .words(let words): words.translated
        case .text: failure.code == .cancelled ? tr("cancelled") : failure.description
        case .remembered(let error): fill(tr("%1$s (it has not changed since it last failed)"), decode(error))
        }
    }

    /// A decode's failure, in the words it says itself (`DecodeError.words`).
    private static func decode(_ error: DecodeError) -> String { error.words.translated }

    private static func filter(_ error: FilterError) -> String { error.words.translated }
}
