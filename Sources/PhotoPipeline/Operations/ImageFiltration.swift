// Why this exists: the tutorial's ImageFiltration: the sepia kernel on a downloaded image, checking cancellation between stripes.
import Foundation
import PhotoDecoding
import PhotoTrace

public struct ImageFiltration: StageWork {
    let input: Thumbnail
    let filter: SepiaFilter
    public var stage: Stage { .filtration }

    public init(input: Thumbnail, filter: SepiaFilter) {
        self.input = input
        self.filter = filter
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        if context.isCancelled { return .cancelled }
        do {
            return .image(try filter.filter(input, isCancelled: { context.isCancelled }), from: nil)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(StageFailure(error))
        }
    }
}
