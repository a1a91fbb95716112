// Why this exists: the viewer's side of an animated photo: read by the viewer (on its queue, within the decode budget), it plays while the viewer shows it on screen and pauses when the viewer is left, hidden or the window minimised (no timer runs then), each frame shown in place of the still, in the viewer's zoom; one that does not play says why.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
package final class ViewerAnimation {
    private let zoom: PhotoZoom
    private var photo: PhotoView { zoom.view }
    /// Whether the window is minimised (the navigation knows the window).
    package var isMinimized: () -> Bool = { false }
    private var playback: AnimationPlayback?
    /// Which photo's animation is read or playing (the row and its bytes' count), and the viewer reading it.
    private var source: (row: Int, bytes: Int)?
    private weak var reader: PhotoViewer?
    /// An animation that does not play: why (the window shows it).
    package var onStopped: ((String) -> Void)?
    private var sepia = true
    private var size = (width: 0, height: 0)
    private var timer: MainLoop.Timeout?
    private var paused = false
    private var generation = 0

    /// The display's colours, which each frame is drawn in.
    private let colours: DisplayColour

    package init(zoom: PhotoZoom, colours: DisplayColour) {
        self.zoom = zoom
        self.colours = colours
    }

    package var isPlaying: Bool { playback != nil }

    /// Play the animation in `data`, the bytes of `row` (read by `viewer` on its queue), drawn at `width` × `height` as the still was. The same photo again (sepia
    /// switched) plays what was read, without reading it again.
    package func play(_ data: Data, row: Int, viewer: PhotoViewer, sepia: Bool, intensity: Float, width: Int, height: Int) {
        if let source, source == (row, data.count), reader === viewer, let read = playback?.source {
            stopTimer()
            start(AnimationPlayback(read, sepiaIntensity: intensity), sepia: sepia, width: width, height: height)
            return
        }
        stop()
        source = (row, data.count)
        reader = viewer
        let generation = self.generation
        viewer.readAnimation(of: row, data: data) { [weak self] read, reason in
            guard let self, self.generation == generation else { return }
            if let read {
                self.start(AnimationPlayback(read, sepiaIntensity: intensity), sepia: sepia, width: width, height: height)
            } else if let reason {
                self.onStopped?(reason)
            }
        }
    }

    private func start(_ playback: AnimationPlayback, sepia: Bool, width: Int, height: Int) {
        self.playback = playback
        self.sepia = sepia
        size = (width, height)
        showFrame()
        schedule(playback.currentWait())
    }

    package func stop() {
        stopTimer()
        reader?.cancelAnimationRead()
        reader = nil
        source = nil
        playback = nil
    }

    private func stopTimer() {
        generation += 1
        if let timer { MainLoop.cancel(timer) }
        timer = nil
        paused = false
    }

    /// The viewer came back on screen, or the window was restored: play on from now.
    package func resume() {
        guard paused, playback != nil, photo.isMapped, !isMinimized() else { return }
        paused = false
        tick()
    }

    private func schedule(_ wait: Int?) {
        guard let wait else { return }
        timer = MainLoop.after(milliseconds: UInt32(wait)) { [weak self] in self?.tick() }
    }

    private func tick() {
        timer = nil
        guard let playback else { return }
        // Off screen: stop here; `resume` starts again (no timer meanwhile).
        guard photo.isMapped, !isMinimized() else { paused = true; return }
        let wait = playback.advance()
        showFrame()
        schedule(wait)
    }

    private func showFrame() {
        guard let frame = playback?.frame(sepia: sepia) else { return }
        zoom.setTexture(colours.texture(frame.pixbuf), width: size.width, height: size.height, keepView: true, upscale: false)
    }
}
