// Why this exists: the inspector's chart colours stay legible in both styles: for the text colour of GTK's light, dark and high-contrast styles, every colour the chart and waterfall draw has 3:1 contrast with that style's backgrounds.
@testable import GalleryViews
import XCTest
@testable import PhotosApp

final class ChartPaletteTests: XCTestCase {
    /// GTK 4.8's built-in styles: their text colour and the backgrounds the inspector sits on
    /// (window and view).
    let styles: [(name: String, text: UInt32, backgrounds: [UInt32])] = [
        ("light", 0x2e3436, [0xffffff, 0xf6f5f4]),
        ("dark", 0xeeeeec, [0x2d2d2d, 0x353535, 0x242424]),
        ("high contrast", 0x000000, [0xffffff]),
        ("high contrast inverse", 0xffffff, [0x000000, 0x242424]),
    ]

    func testEveryColourHasThreeToOneContrastInEveryStyle() {
        for style in styles {
            let palette = ChartPalette.forText(ChartColour(style.text))
            let colours = [palette.queued, palette.dependency, palette.running, palette.failed, palette.waitingLine] + palette.phases
            for background in style.backgrounds {
                for colour in colours {
                    let ratio = colour.contrast(with: ChartColour(background))
                    XCTAssertGreaterThanOrEqual(ratio, 3, "\(style.name) style: \(colour) on #\(String(background, radix: 16)) is \(ratio):1")
                }
            }
        }
    }

    func testTheDarkStyleGetsTheLighterShades() {
        XCTAssertEqual(ChartPalette.forText(ChartColour(0xeeeeec)), .dark)
        XCTAssertEqual(ChartPalette.forText(ChartColour(0x2e3436)), .light)
        XCTAssertNotEqual(ChartPalette.light, ChartPalette.dark)
    }
}
