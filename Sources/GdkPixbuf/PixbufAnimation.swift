// Why this exists: GdkPixbufAnimation for the viewer's GIF and animated WebP: what a loader read (fed in chunks by the caller, never whole), its frames produced one at a time by an iterator as they are played (not all decoded and held), each with its own delay.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

/// An animation a loader read. Its iterator is used by one thread at a time.
/// (@unchecked Sendable: immutable once its loader has closed.)
public final class PixbufAnimation: @unchecked Sendable {
    let ref: ObjectRef
    private var pointer: OpaquePointer { ref.pointer.opaque }

    /// The animation `loader` read (after it was closed); nil for a single still frame.
    public init?(of loader: PixbufLoader) {
        guard let animation = gdk_pixbuf_loader_get_animation(loader.ref.pointer.as(GdkPixbufLoader.self)) else { return nil }
        ref = ObjectRef(retaining: animation)
        if gdk_pixbuf_animation_is_static_image(pointer) != 0 { return nil }
    }

    public var width: Int { Int(gdk_pixbuf_animation_get_width(pointer)) }
    public var height: Int { Int(gdk_pixbuf_animation_get_height(pointer)) }

    /// Play from now.
    public func start() -> Iterator { Iterator(adopting: gdk_pixbuf_animation_get_iter(pointer, nil)) }
    /// Play from a time of the caller's own clock (microseconds), which `advance(to:)` then follows.
    public func start(at microseconds: Int64) -> Iterator {
        var time = Self.timeVal(microseconds)
        return Iterator(adopting: gdk_pixbuf_animation_get_iter(pointer, &time))
    }

    static func timeVal(_ microseconds: Int64) -> GTimeVal {
        GTimeVal(tv_sec: Int(microseconds / 1_000_000), tv_usec: Int(microseconds % 1_000_000))
    }

    /// (@unchecked Sendable: used by one thread at a time (the viewer's player, on the main loop).)
    public final class Iterator: @unchecked Sendable {
        let ref: ObjectRef
        private var pointer: OpaquePointer { ref.pointer.opaque }
        init(adopting iter: OpaquePointer) { ref = ObjectRef(adopting: iter) }

        /// The frame to show now: a copy of its own (the iterator reuses its buffer).
        public func frame() -> Pixbuf? {
            guard let shown = gdk_pixbuf_animation_iter_get_pixbuf(pointer), let copy = gdk_pixbuf_copy(shown) else { return nil }
            return Pixbuf(adopting: copy)
        }

        /// How long the frame shows, in milliseconds; nil: for ever (the animation ended).
        public var delay: Int? {
            let ms = Int(gdk_pixbuf_animation_iter_get_delay_time(pointer))
            return ms < 0 ? nil : ms
        }

        /// Move to the frame of the current time; true when it is another frame.
        @discardableResult
        public func advance() -> Bool { gdk_pixbuf_animation_iter_advance(pointer, nil) != 0 }
        /// Move to the frame of `microseconds` on the clock the iterator was started on.
        @discardableResult
        public func advance(to microseconds: Int64) -> Bool {
            var time = PixbufAnimation.timeVal(microseconds)
            return gdk_pixbuf_animation_iter_advance(pointer, &time) != 0
        }
    }
}
