// Why this exists: the ordered tree every manifest format parses into, so one interpreter serves plist XML, binary plist and JSON.
import PhotoFormats
import Foundation
import PhotoDecoding

/// A parsed value that keeps the order of dictionary keys and where each value was found.
/// Foundation's PropertyListSerialization and JSONSerialization return unordered
/// dictionaries, and the file's order is what the user wrote, so each format has its own parser.
public indirect enum ManifestValue: Sendable, Equatable {
    case dictionary([(key: String, value: ManifestValue, line: Int?)])
    case array([(value: ManifestValue, line: Int?)])
    case string(String)
    /// Any other scalar: number, boolean, date, data, null. Kept only to name it in errors.
    case other(typeName: String)

    public var typeName: String {
        switch self {
        case .dictionary: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .other(let name): return name
        }
    }

    /// A type's English name (`typeName`, or a JSON value's) as words to translate.
    public static func typeWords(_ name: String) -> Words {
        switch name {
        case "a dictionary": Words("a dictionary")
        case "an array": Words("an array")
        case "a string": Words("a string")
        case "a boolean": Words("a boolean")
        case "null": Words("null")
        case "an integer": Words("an integer")
        case "a real number": Words("a real number")
        case "a number": Words("a number")
        case "a date": Words("a date")
        case "data": Words("data")
        case "a UID": Words("a UID")
        case "an object": Words("an object")
        default: Words(verbatim: name)
        }
    }

    public static func == (lhs: ManifestValue, rhs: ManifestValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.value == $1.value }
        case (.string(let a), .string(let b)): return a == b
        case (.other(let a), .other(let b)): return a == b
        default: return false
        }
    }
}
