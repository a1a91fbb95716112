// Why this exists: the benchmark's colour difference is CIEDE2000 as published: Sharma, Wu and Dalal's test pairs give their ΔE00 to four places.
import BenchmarkKit
import XCTest

final class ColourDifferenceTests: XCTestCase {
    func testSharmasPairs() {
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
            ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
            ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ]
        for (one, two, expected) in pairs {
            XCTAssertEqual(ColourDifference.deltaE2000((one.0, one.1, one.2), (two.0, two.1, two.2)), expected, accuracy: 0.0001, "\(one) \(two)")
        }
        let white = ColourDifference.lab(255, 255, 255)
        XCTAssertEqual(white.l, 100, accuracy: 0.01)
        XCTAssertEqual(white.a, 0, accuracy: 0.01)
    }
}
