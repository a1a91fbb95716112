// Why this exists: a photo turned a quarter clockwise or anticlockwise, as the EXIF orientation it then has: the eight orientations (four turns, each mirrored or not) and how a quarter turn moves between them.
import Foundation

/// A quarter turn of the photo as it is shown.
public enum QuarterTurn: String, Sendable, Codable, CaseIterable {
    case clockwise, anticlockwise

    /// The turn that undoes this one.
    public var inverse: QuarterTurn { self == .clockwise ? .anticlockwise : .clockwise }

    /// The EXIF orientation (1–8) a photo shown with `orientation` has once turned; a missing or
    /// unknown one counts as 1 (upright). Clockwise: 1 → 6 → 3 → 8 → 1, and mirrored 2 → 7 → 4 → 5 → 2.
    public func turning(orientation: Int) -> Int {
        let plain = [1, 6, 3, 8], mirrored = [2, 7, 4, 5]
        let step = self == .clockwise ? 1 : 3
        if let index = plain.firstIndex(of: orientation) { return plain[(index + step) % 4] }
        if let index = mirrored.firstIndex(of: orientation) { return mirrored[(index + step) % 4] }
        return plain[step % 4]
    }

    /// HEIF's `irot` angle (quarter turns anticlockwise, 0–3) after this turn.
    public func turning(irot: Int) -> Int { (irot + (self == .clockwise ? 3 : 1)) & 3 }
}
