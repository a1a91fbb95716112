// Why this exists: photos stored turned or mirrored with the EXIF orientation (1–8) that makes them upright, all of one upright picture with a known top-left corner, so a test can tell an orientation applied once from one missed or applied twice.
import Foundation
import GdkPixbuf

public enum OrientedPhotos {
    /// The upright picture, 240 × 160: top-left quarter white, top-right quarter mid grey, bottom half black.
    public static let width = 240, height = 160
    public static func upright(x: Int, y: Int) -> [UInt8] {
        if y >= height / 2 { return [0, 0, 0] }
        return x < width / 2 ? [255, 255, 255] : [128, 128, 128]
    }

    /// A JPEG whose pixels are stored so that EXIF orientation `orientation` shows `upright`.
    public static func jpeg(orientation: Int) -> Data {
        let jpeg = TestImages.encode(stored(orientation: orientation), type: "jpeg")
        return orientation == 1 ? jpeg : TestImages.withEXIFOrientation(jpeg, orientation: UInt16(orientation))
    }

    /// The pixels as stored for EXIF orientation `orientation` (turned or mirrored; no tag).
    public static func stored(orientation: Int) -> Pixbuf {
        let swapsSides = orientation >= 5
        let storedWidth = swapsSides ? height : width, storedHeight = swapsSides ? width : height
        let stored = TestImages.pixbuf(width: storedWidth, height: storedHeight) { sx, sy in
            let (dx, dy): (Int, Int) = switch orientation {
            case 2: (width - 1 - sx, sy)
            case 3: (width - 1 - sx, height - 1 - sy)
            case 4: (sx, height - 1 - sy)
            case 5: (sy, sx)
            case 6: (width - 1 - sy, sx)
            case 7: (width - 1 - sy, height - 1 - sx)
            case 8: (sy, height - 1 - sx)
            default: (sx, sy)
            }
            return upright(x: dx, y: dy)
        }
        return stored
    }

    /// The upright picture as a PNG (what every orientation must look like).
    public static func uprightPNG() -> Data {
        TestImages.encode(TestImages.pixbuf(width: width, height: height) { upright(x: $0, y: $1) }, type: "png")
    }
}
