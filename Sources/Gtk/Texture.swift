// Why this exists: a GdkTexture made on the main thread from a decoded pixbuf, sharing its pixels; held only by main-actor objects, so it is released on the main thread.
import CGtk
import GdkPixbuf
import GLibRuntime

@MainActor
public final class Texture {
    public let ref: ObjectRef
    /// The pixels it shows (a view drawing with cairo reads them directly).
    public let pixbuf: Pixbuf

    /// The texture keeps the pixbuf alive and reads its pixels without copying.
    public init(pixbuf: Pixbuf) {
        self.pixbuf = pixbuf
        ref = ObjectRef(adopting: gdk_texture_new_for_pixbuf(pixbuf.pointer)!)
    }

    public var width: Int { Int(gdk_texture_get_width(ref.pointer.opaque)) }
    public var height: Int { Int(gdk_texture_get_height(ref.pointer.opaque)) }
}
