// Why this exists: an animation's frames as they are played, read here (GdkPixbuf's iterator) or sent by the helper that read it (`RemoteFrames`): the frame to show, how long it shows, and a step to the next.
import Foundation
import GdkPixbuf

/// Frames as they are played: the one to show, how long it shows, and a step to the next.
public protocol AnimationFrames: AnyObject {
    func frame() -> Pixbuf?
    var delay: Int? { get }
    func step()
}

extension PixbufAnimation.Iterator: AnimationFrames {
    public func step() { advance() }
}
