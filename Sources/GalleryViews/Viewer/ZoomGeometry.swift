// Why this exists: the viewer's zoom as plain arithmetic, testable without a display: its limits and steps, best fit, zooming around a point, keeping the photo's edges outside the view, the easing, and what a double-click does.
import Foundation

/// Where the photo sits in the view: an image of `imageWidth` × `imageHeight` shown at `zoom`
/// with image point (`centerX`, `centerY`) at the view's centre, or at best fit.
package struct ZoomGeometry: Equatable {
    /// 10 % to 2,000 % (best fit may be smaller than 10 % for a huge photo).
    package static let minZoom = 0.1
    package static let maxZoom = 20.0
    /// One step of the keys and of a wheel click: 125 %.
    package static let step = 1.25
    /// How long an eased zoom takes, in seconds.
    package static let easeDuration = 0.2

    package var imageWidth = 0.0, imageHeight = 0.0
    package var viewWidth = 0.0, viewHeight = 0.0
    /// Best fit may go past 100 % (a thumbnail standing in for the photo).
    package var upscale = false
    /// Best fit follows the view's size; otherwise `zoom` and the centre hold.
    package var bestFit = true
    package var zoom = 1.0
    package var centerX = 0.0, centerY = 0.0

    /// The zoom at which the whole photo fits the view (never past 100 % unless `upscale`).
    package var fitZoom: Double {
        guard imageWidth > 0, imageHeight > 0, viewWidth > 0, viewHeight > 0 else { return 1 }
        let fit = min(viewWidth / imageWidth, viewHeight / imageHeight)
        return upscale ? fit : min(fit, 1)
    }

    package var currentZoom: Double { bestFit ? fitZoom : zoom }
    /// Zoomed in past the fit: the photo can be dragged (the pointer shows a hand).
    package var canPan: Bool { currentZoom > fitZoom + 1e-9 }
    /// The image point drawn at the view's centre.
    package var drawnCenter: (x: Double, y: Double) { bestFit ? (imageWidth / 2, imageHeight / 2) : (centerX, centerY) }

    /// `zoom` within the limits (down to the fit when that is smaller than 10 %).
    package func clamped(_ zoom: Double) -> Double {
        min(max(zoom, min(Self.minZoom, fitZoom)), Self.maxZoom)
    }

    /// The image point under view point (x, y).
    package func imagePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        let z = currentZoom
        return (centerX + (x - viewWidth / 2) / z, centerY + (y - viewHeight / 2) / z)
    }

    /// Centre the image on an axis where it is smaller than the view; otherwise keep its edges outside.
    package mutating func clampCenter() {
        let z = currentZoom
        func clamp(_ center: Double, _ image: Double, _ view: Double) -> Double {
            if image * z <= view { return image / 2 }
            let half = view / 2 / z
            return min(max(center, half), image - half)
        }
        centerX = clamp(centerX, imageWidth, viewWidth)
        centerY = clamp(centerY, imageHeight, viewHeight)
    }

    /// Set the zoom (clamped), keeping image point `image` under view point `at`.
    package mutating func set(zoom: Double, keeping image: (x: Double, y: Double), at view: (x: Double, y: Double)) {
        let fit = fitZoom
        let zoom = clamped(zoom)
        bestFit = abs(zoom - fit) < 1e-6
        self.zoom = zoom
        centerX = image.x - (view.x - viewWidth / 2) / zoom
        centerY = image.y - (view.y - viewHeight / 2) / zoom
        clampCenter()
    }

    /// Best fit, the photo centred.
    package mutating func fit() {
        bestFit = true
        centerX = imageWidth / 2
        centerY = imageHeight / 2
    }

    /// Move the photo by (dx, dy) view pixels from the centre `from` (a drag's start, or now).
    package mutating func pan(dx: Double, dy: Double, from start: (x: Double, y: Double)? = nil) {
        let z = currentZoom
        let start = start ?? (centerX, centerY)
        centerX = start.x - dx / z
        centerY = start.y - dy / z
        clampCenter()
    }

    /// The view got a new size: a zoom below the new fit becomes the fit; the edges stay outside.
    package mutating func resize(width: Double, height: Double) {
        viewWidth = width
        viewHeight = height
        guard !bestFit else { return }
        if zoom < fitZoom { bestFit = true }
        clampCenter()
    }

    /// A new image: the view keeps its zoom and position when `keepView` and the size is the
    /// same (the same photo, in sepia or not); otherwise best fit. Returns whether it went back to best fit.
    @discardableResult
    package mutating func setImage(width: Double, height: Double, keepView: Bool, upscale: Bool) -> Bool {
        let sameSize = imageWidth == width && imageHeight == height
        imageWidth = width
        imageHeight = height
        self.upscale = upscale
        guard !(keepView && sameSize) else { return false }
        fit()
        return true
    }

    /// What a double-click does: from best fit (when it is not 100 %) to 100 % at the pointer;
    /// from anything else back to best fit.
    package enum DoubleClick: Equatable { case actualSize, bestFit }
    package var doubleClick: DoubleClick { bestFit && abs(fitZoom - 1) > 1e-6 ? .actualSize : .bestFit }

    /// The zoom a wheel gives for `dy` clicks (up zooms in).
    package func wheelZoom(_ dy: Double) -> Double { currentZoom * pow(Self.step, -dy) }

    /// Ease-out cubic of `t` in 0...1.
    package static func eased(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        return 1 - pow(1 - t, 3)
    }

    /// The zoom `fraction` of the way from `from` to `to`, in log space, so zooming in and out feel alike.
    package static func interpolated(from: Double, to: Double, _ fraction: Double) -> Double {
        exp(log(from) + (log(to) - log(from)) * fraction)
    }
}
