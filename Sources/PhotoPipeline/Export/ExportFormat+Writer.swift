// Why this exists: the GdkPixbuf writer and options for each format a photo is saved in (JPEG and WebP at quality 90, sRGB's profile among them).
import PhotoFormats
import ColourManagement
import Foundation
import PhotoDecoding
import PhotoTrace

extension ExportFormat {
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
