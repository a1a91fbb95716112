// Why this exists: the tutorial's ImageFiltration: the sepia kernel on a downloaded image, checking cancellation between stripes.
import Foundation

public final class ImageFiltration: PhotoOperation, @unchecked Sendable {
    let input: Thumbnail
    let intensity: Float

    public init(row: Int, input: Thumbnail, intensity: Float) {
        self.input = input
        self.intensity = intensity
        super.init(row: row, stage: .filtration)
    }

    override func work() -> StageResult? {
        if isCancelled { return nil }
        guard let output = SepiaFilter.filter(input, intensity: intensity, isCancelled: { [unowned self] in isCancelled }) else {
            return nil
        }
        return .image(output)
    }
}
