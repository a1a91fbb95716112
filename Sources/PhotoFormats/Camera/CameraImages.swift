// Why this exists: what the helper's camera codecs (CameraCodecs: libraw, libjxl) hand the decoder, as plain values, so that the decoder in PhotoDecoding can use them without linking either library.
import Foundation

/// 8-bit pixels, rows of `width` × 3 (RGB) or × 4 (RGBA, `hasAlpha`) bytes.
public struct CameraPixels: Sendable {
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    public var bytes: Data
    public init(width: Int, height: Int, hasAlpha: Bool, bytes: Data) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.bytes = bytes
    }
    /// Whether `bytes` holds exactly the rows its size says.
    public var isWhole: Bool { width > 0 && height > 0 && bytes.count == width * height * (hasAlpha ? 4 : 3) }
}

/// Why a camera codec did not read a file.
public enum CameraFailure: Error, Sendable, Equatable {
    case cutShort
    case unsupported
    case noPixels
    case tooManyPixels
    case noMemory
    case noPreview
    case previewTooLarge
    case undecodable
    case cancelled
    /// The library that reads it (libraw, libjxl, libavif) is not installed.
    case noLibrary

}

/// What a JPEG XL file's header says (read before any pixel).
public struct JXLFacts: Sendable, Equatable {
    /// As shown, after its orientation.
    public var width: Int
    public var height: Int
    public var animated: Bool
    public init(width: Int, height: Int, animated: Bool) {
        self.width = width
        self.height = height
        self.animated = animated
    }
}

/// One frame of an animation a codec decoded, and how long it shows.
public typealias CameraFrame = (pixels: CameraPixels, milliseconds: Int)

/// A JPEG XL decoded: its frames (at most as many as asked) and the profile they are in.
public struct JXLImage: Sendable {
    public var facts: JXLFacts
    public var frames: [CameraFrame]
    public var profile: Data?
    public init(facts: JXLFacts, frames: [CameraFrame], profile: Data?) {
        self.facts = facts
        self.frames = frames
        self.profile = profile
    }
}

/// What a RAW file says about itself, read without its pixels.
public struct RawFacts: Sendable, Equatable {
    /// The developed image's size before its turn, and the sensor's.
    public var width: Int
    public var height: Int
    public var sensorPixels: Int
    /// Its EXIF orientation (1, 3, 6 or 8), from libraw's flip.
    public var orientation: Int
    /// Its largest embedded preview's size (0 × 0: none).
    public var previewWidth: Int
    public var previewHeight: Int
    public var make: String
    public var model: String
    public var lens: String
    public var iso: Double
    public var shutter: Double
    public var aperture: Double
    public var focalLength: Double
    public init(width: Int, height: Int, sensorPixels: Int, orientation: Int, previewWidth: Int, previewHeight: Int,
                make: String, model: String, lens: String, iso: Double, shutter: Double, aperture: Double, focalLength: Double) {
        self.width = width
        self.height = height
        self.sensorPixels = sensorPixels
        self.orientation = orientation
        self.previewWidth = previewWidth
        self.previewHeight = previewHeight
        self.make = make
        self.model = model
        self.lens = lens
        self.iso = iso
        self.shutter = shutter
        self.aperture = aperture
        self.focalLength = focalLength
    }

    /// libraw's flip (0, 3, 5, 6) as an EXIF orientation.
    public static func orientation(flip: Int) -> Int {
        switch flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
    }
}

/// A RAW file's embedded preview: a JPEG's bytes, or RGB pixels.
public enum RawPreview: Sendable {
    case jpeg(Data)
    case pixels(CameraPixels)
}
