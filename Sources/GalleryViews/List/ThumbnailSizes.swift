// Why this exists: the steps the rows' thumbnail size moves in (Ctrl+plus, Ctrl+minus, Ctrl+0 and the menu), from 48 to 256 points.
import Foundation

package enum ThumbnailSizes {
    package static let steps: [Int32] = [48, 64, 96, 128, 192, 256]
    package static let standard: Int32 = 64

    /// The step at or below `size` (a saved value between steps, or outside them, comes back to one).
    package static func step(_ size: Int32) -> Int32 {
        steps.last { $0 <= size } ?? steps[0]
    }

    package static func larger(than size: Int32) -> Int32 { steps.first { $0 > step(size) } ?? steps[steps.count - 1] }
    package static func smaller(than size: Int32) -> Int32 { steps.last { $0 < step(size) } ?? steps[0] }
}
