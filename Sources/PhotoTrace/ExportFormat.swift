// Why this exists: the formats a photo is saved or exported in (JPEG, PNG, WebP), told apart by a file name's extension, as the trace names them.
import Foundation

public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    case jpeg
    case png
    case webp

    /// The extension a new file gets.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }

    public var mimeType: String { "image/\(rawValue)" }

    /// The format a file name asks for by its extension (any case), if it names one.
    public init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }
}
