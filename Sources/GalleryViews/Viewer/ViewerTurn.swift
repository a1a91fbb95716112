// Why this exists: Rotate seen in the viewer at once: the picture turns a quarter about the view's centre, scaled to the turned photo's fit, eased over a quarter of a second (in one step under the desktop's reduced motion), and stays turned until the turned picture replaces it (turned in memory, or the file's when it had to be loaded) (one that comes sooner takes over the rest of the turn, with no jump); a refused turn turns back.
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

@MainActor
package final class ViewerTurn {
    package static let duration = 0.25
    private let zoom: PhotoZoom
    private var view: PhotoView { zoom.view }
    /// What is shown: degrees clockwise and the scale; and where an easing is headed.
    private var shown = (angle: 0.0, scale: 1.0)
    private var target = (angle: 0.0, scale: 1.0)
    /// Bumped when a turn starts or ends, so a tick of an older one ends itself.
    private var generation = 0
    private var row = -1
    /// Degrees of turn the pictures that replaced the first one hold already (for the trace, which
    /// tells the angle from the picture the turn began on).
    private var base = 0.0

    private let trace: Trace

    package init(zoom: PhotoZoom, trace: Trace) {
        self.zoom = zoom
        self.trace = trace
    }

    /// Show `row`'s photo turning a quarter (its file is being turned).
    package func start(_ turn: QuarterTurn, row: Int) {
        if row != self.row { shown = (0, 1); target = (0, 1) }
        if shown == target { base = 0 }
        self.row = row
        let geometry = zoom.geometry
        var turned = geometry
        turned.imageWidth = geometry.imageHeight
        turned.imageHeight = geometry.imageWidth
        // Quarter turns on top of each other alternate between the fits.
        let quarters = Int(((target.angle + (turn == .clockwise ? 90 : -90)) / 90).rounded())
        let scale = geometry.bestFit && quarters % 2 != 0 && geometry.fitZoom > 0 ? turned.fitZoom / geometry.fitZoom : 1
        ease(to: (Double(quarters) * 90, scale))
    }

    /// The turn was refused: back as the photo is.
    package func refused() { ease(to: (0, 1)) }

    /// A new picture was set (the view drew it unturned). The turned file's picture while the turn
    /// is still easing towards it: the rest of the turn goes on from where it was, on the new
    /// picture (already turned by the whole quarter). Otherwise the turn is over.
    package func reset() {
        guard target.angle != 0 else {
            // No turn towards a new picture: one easing back (or the end of one) is over, as drawn.
            generation += 1
            if shown != target { show(target) }
            return
        }
        let reached = target
        base += reached.angle
        shown = (shown.angle - reached.angle, shown.scale / reached.scale)
        target = (0, 1)
        guard shown != target else { return generation += 1 }
        view.setTurn(angle: shown.angle, scale: shown.scale)
        ease(to: target, duration: Self.duration * min(1, abs(shown.angle) / 90))
    }

    private func ease(to end: (angle: Double, scale: Double), duration: Double = ViewerTurn.duration) {
        generation += 1
        let generation = generation
        let from = shown
        target = end
        guard DisplaySettings.animationsEnabled, view.isMapped, duration > 0 else { return show(end) }
        let start = view.frameTime
        view.addTickCallback { [weak self] in
            guard let self, generation == self.generation else { return false }
            let elapsed = Double((view.frameTime ?? 0) - (start ?? 0)) / 1e6
            let t = min(1, elapsed / duration)
            let eased = ZoomGeometry.eased(t)
            show((from.angle + (end.angle - from.angle) * eased, from.scale + (end.scale - from.scale) * eased))
            return t < 1
        }
    }

    private func show(_ turn: (angle: Double, scale: Double)) {
        shown = turn
        view.setTurn(angle: turn.angle, scale: turn.scale)
        trace.emit(.turning(row: row, angle: base + turn.angle))
    }
}
