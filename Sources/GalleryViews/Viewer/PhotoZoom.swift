// Why this exists: the viewer's zoom on screen: the photo view and its geometry, the pointer gestures (drag to pan, Ctrl+wheel and pinch to zoom around the pointer, double-click for best fit and 100 %), and the eased zoom of the keys, which respects the desktop's reduced motion.
import Foundation
import Gtk

@MainActor
package final class PhotoZoom {
    package let view = PhotoView()
    package private(set) var geometry = ZoomGeometry()
    private var hasImage = false
    /// The zoom or best fit changed (keys, wheel, pinch, double-click, a new photo).
    package var onChanged: (() -> Void)?
    /// A picture was set (a turn being shown has ended).
    package var onNewPicture: (() -> Void)?

    /// An eased zoom: from `from` to `to`, keeping image point `image` under view point `at`.
    private struct Easing {
        var from: Double, to: Double
        var image: (x: Double, y: Double), at: (x: Double, y: Double)
        var start: Int64?
    }
    private var easing: Easing?
    /// Bumped when an easing starts or stops, so a tick of an older one ends itself.
    private var easingGeneration = 0

    private var pointer: (x: Double, y: Double)?
    private var dragStart: (x: Double, y: Double) = (0, 0)
    private var pinchStart = 1.0
    /// The controllers that read their own state in their handlers (the widget holds all of them too).
    private let scroll = EventControllerScroll(kinetic: false, capture: false)
    private let pinch = GestureZoom()

    package init() {
        view.onResized { [weak self] in
            guard let self else { return }
            geometry.resize(width: Double(view.width), height: Double(view.height))
            draw()
        }
        addGestures()
    }

    package var zoom: Double { geometry.currentZoom }
    package var isBestFit: Bool { geometry.bestFit }

    /// Show `texture` as a `width` × `height` image. `keepView`: keep zoom and position if the
    /// size is unchanged. `upscale`: best fit may go past 100 %.
    package func setTexture(_ texture: Texture?, width: Int, height: Int, keepView: Bool, upscale: Bool) {
        hasImage = texture != nil
        if geometry.setImage(width: Double(width), height: Double(height), keepView: keepView, upscale: upscale) { stopEasing() }
        view.setTexture(texture, width: width, height: height)
        onNewPicture?()
        changed()
    }

    /// Zoom to `zoom` around view point `at` (nil: the view's centre), eased unless `animated` is false.
    package func zoom(to zoom: Double, at point: (x: Double, y: Double)? = nil, animated: Bool = true) {
        stopEasing()
        guard hasImage else { return }
        let at = point ?? (geometry.viewWidth / 2, geometry.viewHeight / 2)
        let image = geometry.imagePoint(x: at.x, y: at.y)
        let target = geometry.clamped(zoom)
        guard animated, mayAnimate else {
            geometry.set(zoom: target, keeping: image, at: at)
            return changed()
        }
        ease(Easing(from: geometry.currentZoom, to: target, image: image, at: at))
    }

    /// Multiply the zoom around the view's centre (the + and − keys), from where an easing is headed.
    package func zoom(by factor: Double, animated: Bool = true) {
        zoom(to: (easing?.to ?? geometry.currentZoom) * factor, animated: animated)
    }

    /// Best fit again (the 0 key, a double-click).
    package func fit(animated: Bool = true) {
        stopEasing()
        if animated, hasImage, mayAnimate {
            // Towards the fit, the image's centre ending at the view's centre.
            return ease(Easing(from: geometry.currentZoom, to: geometry.fitZoom, image: (geometry.imageWidth / 2, geometry.imageHeight / 2),
                               at: (geometry.viewWidth / 2, geometry.viewHeight / 2)))
        }
        geometry.fit()
        changed()
    }

    /// Move the photo by (dx, dy) view pixels (Ctrl+arrows); nothing at best fit.
    package func pan(dx: Double, dy: Double) {
        geometry.pan(dx: dx, dy: dy)
        draw()
    }

    // MARK: drawing and easing

    private var mayAnimate: Bool { DisplaySettings.animationsEnabled && view.isMapped }

    private func draw() {
        let center = geometry.drawnCenter
        view.setView(zoom: geometry.currentZoom, centerX: center.x, centerY: center.y)
    }

    private func changed() {
        view.setCursor(named: geometry.canPan ? "grab" : nil)
        draw()
        onChanged?()
    }

    private func stopEasing() {
        easing = nil
        easingGeneration += 1
    }

    private func ease(_ start: Easing) {
        easing = start
        easing?.start = view.frameTime
        easingGeneration += 1
        let generation = easingGeneration
        view.addTickCallback { [weak self] in
            guard let self, generation == easingGeneration, let easing else { return false }
            let elapsed = Double((view.frameTime ?? 0) - (easing.start ?? 0)) / 1e6
            let t = min(1, elapsed / ZoomGeometry.easeDuration)
            let zoom = ZoomGeometry.interpolated(from: easing.from, to: easing.to, ZoomGeometry.eased(t))
            geometry.set(zoom: zoom, keeping: easing.image, at: easing.at)
            changed()
            if t >= 1 { self.easing = nil }
            return t < 1
        }
    }

    // MARK: gestures

    private func addGestures() {
        let motion = EventControllerMotion()
        motion.onMoved { [weak self] x, y in self?.pointer = (x, y) }
        motion.onLeft { [weak self] in self?.pointer = nil }
        view.addController(motion)

        scroll.onScroll { [weak self] _, dy in
            guard let self, scroll.controlHeld, hasImage, dy != 0 else { return false }
            zoom(to: geometry.wheelZoom(dy), at: pointer, animated: false)
            return true
        }
        view.addController(scroll)

        let drag = GestureDrag()
        drag.onBegin { [weak self] _, _ in
            guard let self else { return }
            dragStart = (geometry.centerX, geometry.centerY)
        }
        drag.onUpdate { [weak self] dx, dy in
            guard let self, !geometry.bestFit, hasImage else { return }
            view.setCursor(named: "grabbing")
            geometry.pan(dx: dx, dy: dy, from: dragStart)
            draw()
        }
        drag.onEnd { [weak self] _, _ in
            guard let self else { return }
            view.setCursor(named: geometry.canPan ? "grab" : nil)
        }
        view.addController(drag)

        let click = GestureClick()
        click.onPressed { [weak self] count, x, y in
            guard let self, count == 2, hasImage else { return }
            switch geometry.doubleClick {
            case .actualSize: zoom(to: 1, at: (x, y))
            case .bestFit: fit()
            }
        }
        view.addController(click)

        pinch.onBegin { [weak self] in
            guard let self else { return }
            pinchStart = geometry.currentZoom
        }
        pinch.onScaleChanged { [weak self] scale in
            guard let self else { return }
            zoom(to: pinchStart * scale, at: pinch.center, animated: false)
        }
        view.addController(pinch)
    }
}
