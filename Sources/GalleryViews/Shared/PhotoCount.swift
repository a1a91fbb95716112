// Why this exists: "1 photo", "12,345 photos", translated with the language's plural rules and grouped digits.
import AppLanguage
import Foundation
import GLibRuntime
import PhotoPipeline

package enum PhotoCount {
    package static func text(_ count: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        let number = formatter.string(from: NSNumber(value: count)) ?? String(count)
        return fill(trn("%s photo", "%s photos", count), number)
    }
}
