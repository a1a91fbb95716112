// Why this exists: the viewer's side of an animated photo: it plays while the viewer shows it on screen and pauses when the viewer is left, hidden or the window minimised (no timer runs then), each frame shown in place of the still, in the viewer's zoom.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class ViewerAnimation {
    private let photo: PhotoView
    /// Whether the window is minimised (the navigation knows the window).
    var isMinimized: () -> Bool = { false }
    private var playback: AnimationPlayback?
    private var sepia = true
    private var size = (width: 0, height: 0)
    private var timer: MainLoop.Timeout?
    private var paused = false
    private var generation = 0

    init(photo: PhotoView) { self.photo = photo }

    /// The image types that may hold an animation.
    static func mayAnimate(_ mimeType: String?) -> Bool { ["image/gif", "image/webp"].contains(mimeType ?? "") }

    var isPlaying: Bool { playback != nil }

    /// Play the animation in `data` (read off the main loop; a still image plays nothing),
    /// drawn at `width` × `height` as the still was.
    func play(_ data: Data, sepia: Bool, intensity: Float, width: Int, height: Int) {
        stop()
        let generation = self.generation
        DispatchQueue.global(qos: .userInitiated).async {
            let animation = AnimationPlayback.read(data)
            MainLoop.invoke { [weak self] in
                guard let self, self.generation == generation, let animation else { return }
                self.playback = AnimationPlayback(animation, sepiaIntensity: intensity)
                self.sepia = sepia
                self.size = (width, height)
                self.showFrame()
                self.schedule(self.playback?.currentWait())
            }
        }
    }

    func stop() {
        generation += 1
        if let timer { MainLoop.cancel(timer) }
        timer = nil
        playback = nil
        paused = false
    }

    /// The viewer came back on screen, or the window was restored: play on from now.
    func resume() {
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
        photo.setTexture(Texture(pixbuf: frame.pixbuf), width: size.width, height: size.height, keepView: true, upscale: false)
    }
}
