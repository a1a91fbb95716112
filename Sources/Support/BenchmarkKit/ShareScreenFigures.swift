// Why this exists: what the share's first-screen benchmark measures in each repetition, and the results it reports from them (the ratios taken repetition by repetition, side by side).
import Foundation

struct ShareScreenFigures {
    var gthumb: [Double] = [], gthumbShown: [Double] = [], gthumbBytes: [Double] = []
    var appScreen: [Double] = [], appSharp: [Double] = [], appShown: [Double] = [], previewBytes: [Double] = []
    var secondScreen: [Double] = [], secondReads: [Double] = []
    /// The photos' mean size in bytes.
    var fileBytes = 0.0

    var results: [Result] {
        let perThumbnail = zip(zip(gthumb, gthumbShown), zip(appScreen, appShown)).map { gthumb, app in
            (gthumb.0 / max(1, gthumb.1)) / (app.0 / max(1, app.1))
        }
        return [
            Result(name: "share (SFTP, 20 Mbit/s, 40 ms), 12 MP JPEGs with EXIF thumbnails: gThumb, launch → full screen of thumbnails", unit: "ms", values: gthumb),
            Result(name: "… gThumb: thumbnails on its screen", unit: "", values: gthumbShown),
            Result(name: "… the grid: launch → every cell on screen shows the photo (its EXIF thumbnail)", unit: "ms", values: appScreen),
            Result(name: "… the grid: cells on its screen", unit: "", values: appShown),
            Result(name: "… the grid: launch → every cell on screen sharp and sepia (its trace)", unit: "ms", values: appSharp),
            Result(name: "… gThumb ÷ the grid, to a full screen", unit: "×", values: zip(gthumb, appScreen).map { $0 / $1 }),
            Result(name: "… gThumb ÷ the grid, per thumbnail on screen", unit: "×", values: perThumbnail, target: "≥ 10", met: { $0 >= 10 }),
            Result(name: "… the grid's second visit (caches warm): launch → every cell shows its sepia thumbnail", unit: "ms", values: secondScreen),
            Result(name: "… the second visit ÷ the first", unit: "×", values: zip(secondScreen, appScreen).map { $0 / $1 }),
            Result(name: "… the screen's photos read on the second visit", unit: "", values: secondReads),
            Result(name: "… bytes read per preview on the first screen", unit: "B", values: previewBytes),
            Result(name: "… gThumb: bytes read per thumbnail on its screen", unit: "B", values: gthumbBytes),
            Result(name: "… the photos' mean size", unit: "B", values: [fileBytes]),
        ]
    }
}
