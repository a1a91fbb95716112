// Why this exists: the formats a photo is saved or exported in (JPEG at quality 90, PNG, WebP), told apart by a file name's extension, and the GdkPixbuf writer and options for each (sRGB's profile among them).
import ColourManagement
import Foundation
import PhotoDecoding

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

    /// GdkPixbuf's name for the writer.
    var pixbufType: String { rawValue }

    /// The writer's options: JPEG at quality 90 (what image viewers save at), WebP at 90 too,
    /// JPEG and WebP tagged sRGB with the profile itself (the pixels written are sRGB, whatever the
    /// original's profile: it was applied where the photo was decoded).
    var pixbufOptions: [(String, String)] {
        switch self {
        case .jpeg, .webp: [("quality", "90"), ("icc-profile", ColourProfile.sRGBBytes.base64EncodedString())]
        case .png: []
        }
    }

    /// What the writer wrote, tagged sRGB where its options could not (a PNG gets its sRGB chunk).
    func taggedSRGB(_ encoded: Data) -> Data { self == .png ? PNGChunks.taggedSRGB(encoded) : encoded }
}
