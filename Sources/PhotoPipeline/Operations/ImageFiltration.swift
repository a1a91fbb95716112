// Why this exists: the tutorial's ImageFiltration: the sepia kernel on a downloaded image, checking cancellation between stripes.
import Foundation

public struct ImageFiltration: StageWork {
    let input: Thumbnail
    let intensity: Float
    public var stage: Stage { .filtration }

    public init(input: Thumbnail, intensity: Float) {
        self.input = input
        self.intensity = intensity
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        if context.isCancelled { return .cancelled }
        do {
            return .image(try SepiaFilter.filter(input, intensity: intensity, isCancelled: { context.isCancelled }), from: nil)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(error.description)
        }
    }
}
