// Why this exists: the display's colour profile as the pipeline sees it (set by the app, which reads it from the desktop, and handed to the viewer): the viewer's operation converts its photo for the screen on its worker, so a 12 MP photo's conversion (about 100 ms in lcms2) never runs on the main loop.
import ColourManagement
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding

/// One per app, owned by its `DisplayColour` and handed to the viewer; read on workers.
public final class ScreenColours: Sendable {
    /// sRGB → the display, and which of the app's readings of the display it came from.
    public struct Conversion: Sendable {
        public let generation: Int
        let rgb: ColourTransform
        let rgba: ColourTransform
    }

    private let current = Locked<Conversion?>(nil)

    public init() {}

    /// The display's conversion now (nil: the screen is sRGB).
    public var conversion: Conversion? { current.withLock { $0 } }

    /// The app read the display's profile (`generation` counts its readings): sRGB to it for
    /// RGB and RGBA pixels, nil when the screen is sRGB.
    public func set(generation: Int, _ transforms: (rgb: ColourTransform, rgba: ColourTransform)?) {
        current.withLock { $0 = transforms.map { Conversion(generation: generation, rgb: $0.rgb, rgba: $0.rgba) } }
    }

    /// A copy of `pixbuf` (sRGB) in the display's colours, nil where the screen is sRGB.
    public func forScreen(_ pixbuf: Pixbuf) -> ScreenImage? {
        guard let conversion, let copy = pixbuf.copy() else { return nil }
        (copy.hasAlpha ? conversion.rgba : conversion.rgb).convertInPlace(copy.mutablePixels, width: copy.width, height: copy.height,
                                                                        rowStride: copy.rowStride)
        return ScreenImage(generation: conversion.generation, image: Thumbnail(copy))
    }
}

/// A photo converted for the display, by the display's reading `generation`.
public struct ScreenImage: Sendable {
    public let generation: Int
    public let image: Thumbnail
}
