// Why this exists: "1 photo", "12,345 photos", translated with the language's plural rules and grouped digits.
import AppLanguage
import Foundation
import GLibRuntime
import PhotoPipeline

@MainActor
package enum PhotoCount {
    package static func text(_ count: Int) -> String {
        fill(trn("%s photo", "%s photos", count), number(count))
    }

    /// "12,345": grouped as the language groups digits.
    package static func number(_ count: Int) -> String {
        formatter.string(from: NSNumber(value: count)) ?? String(count)
    }

    /// Made once: each one made builds ICU's number format anew, which showed in the stalls
    /// of a filter's updated count (the header and the bar each ask twice).
    private static let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()
}
