// Why this exists: the colours the inspector draws its chart and waterfall bars in, chosen from the style's text colour so they stay legible (3:1 against the background, WCAG's figure for graphics) in the light style and the dark one.
import Foundation
import Gtk

/// A colour as cairo takes it, 0–1 per channel.
package struct ChartColour: Equatable {
    package let red: Double, green: Double, blue: Double

    package init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From a hex triple such as 0x1c71d8.
    package init(_ hex: UInt32) {
        red = Double((hex >> 16) & 0xff) / 255
        green = Double((hex >> 8) & 0xff) / 255
        blue = Double(hex & 0xff) / 255
    }

    /// WCAG's relative luminance.
    package var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG's contrast ratio between two colours (1–21).
    package func contrast(with other: ChartColour) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// GNOME's palette: its darker shades on a light background, its lighter ones on a dark one.
package struct ChartPalette: Equatable {
    /// Queued, not yet running.
    package let queued: ChartColour
    /// Waiting on a dependency (the viewer's load on the row's download).
    package let dependency: ChartColour
    /// Running, or the queue chart's running operations.
    package let running: ChartColour
    package let failed: ChartColour
    /// A download's phases: connecting, TLS, waiting for the first byte, receiving.
    package let phases: [ChartColour]
    /// The queue chart's line of queued operations.
    package let waitingLine: ChartColour

    package static let light = ChartPalette(queued: ChartColour(0x6e6e6e), dependency: ChartColour(0x813d9c),
                                    running: ChartColour(0x1c71d8), failed: ChartColour(0xc01c28),
                                    phases: [ChartColour(0xc64600), ChartColour(0x813d9c), ChartColour(0x1d8250), ChartColour(0x1c71d8)],
                                    waitingLine: ChartColour(0xc64600))
    package static let dark = ChartPalette(queued: ChartColour(0x9a9996), dependency: ChartColour(0xdc8add),
                                   running: ChartColour(0x62a0ea), failed: ChartColour(0xf66151),
                                   phases: [ChartColour(0xffa348), ChartColour(0xdc8add), ChartColour(0x57e389), ChartColour(0x62a0ea)],
                                   waitingLine: ChartColour(0xffa348))

    /// The palette for a style whose text is `text`: light text means a dark background. (GTK
    /// 4.8 tells a widget its text colour, not its background's.)
    package static func forText(_ text: ChartColour) -> ChartPalette {
        text.luminance > 0.4 ? .dark : .light
    }
}

extension DrawContext {
    /// The style's text colour, as the palette takes it.
    package var foregroundColour: ChartColour { ChartColour(red: foreground.red, green: foreground.green, blue: foreground.blue) }

    package func setColor(_ colour: ChartColour, _ alpha: Double = 1) { setColor(colour.red, colour.green, colour.blue, alpha) }
}
