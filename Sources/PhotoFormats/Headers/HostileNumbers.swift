// Why this exists: every number from a photo, a helper or the index is hostile: a Double becomes an Int only when it is finite and in range (Swift's Int(Double) and abs(Int.min) trap, which would stop the app), and an EXIF rational has 32-bit parts.
import Foundation

public enum HostileNumbers {
    /// `value` as a whole number when it is finite and within `range` (rounded towards zero); nil otherwise.
    public static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else { return nil }
        return Int(value)
    }

    /// `value` when it is finite and within `range`; nil otherwise.
    public static func finite(_ value: Double, in range: ClosedRange<Double>) -> Double? {
        value.isFinite && range.contains(value) ? value : nil
    }

    /// The parts of an EXIF RATIONAL (two unsigned 32-bit LONGs): "1/250" gives (1, 250). A part
    /// past 32 bits, a sign or anything else is no rational.
    public static func rational(_ text: String) -> (numerator: UInt32, denominator: UInt32)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { UInt32($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let numerator = parts[0], let denominator = parts[1] else { return nil }
        return (numerator, denominator)
    }
}
