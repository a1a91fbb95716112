// Why this exists: GtkDragSource: a photo dragged out of the window offers a file (the photo itself, or a PNG made for the drag) and, for targets that take image data, the texture.
import CGtk
import GLibRuntime

/// What a drag offers, decided when it starts.
public struct DragContent {
    /// A file for targets that take files (a file manager, a document).
    public var filePath: String?
    /// Several files (a drag of several photos), offered as a file list instead.
    public var filePaths: [String] = []
    /// The image, for targets that take image data (an image editor, a chat).
    public var texture: Texture?
    /// Shown under the pointer while dragging.
    public var icon: Texture?
    public init(filePath: String? = nil, filePaths: [String] = [], texture: Texture? = nil, icon: Texture? = nil) {
        self.filePath = filePath
        self.filePaths = filePaths
        self.texture = texture
        self.icon = icon
    }
}

@MainActor
public final class DragSource: EventController {
    /// A copy drag (the photo stays where it is).
    public init() {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        super.init(adopting: source)
    }

    /// `content` says what this drag offers, as it starts; nil refuses the drag.
    public func onPrepare(_ content: @escaping @MainActor () -> DragContent?) {
        let source = ref.pointer.opaque
        Signal.connectDoublesReturningPointer(ref.pointer, "prepare") { _, _ in
            guard let content = content() else { return nil }
            var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
            if content.filePaths.count > 1 {
                providers.append(FileListContent.provider(content.filePaths))
            } else if let path = content.filePath ?? content.filePaths.first, let file = g_file_new_for_path(path) {
                providers.append(Self.provider(g_file_get_type(), object: UnsafeMutableRawPointer(file)))
                g_object_unref(file.raw)
            }
            if let texture = content.texture {
                providers.append(Self.provider(gdk_texture_get_type(), object: texture.ref.raw))
            }
            if let icon = content.icon { gtk_drag_source_set_icon(source, OpaquePointer(icon.ref.raw), 0, 0) }
            guard !providers.isEmpty else { return nil }
            // The union takes the providers it is given (transfer full).
            return providers.withUnsafeMutableBufferPointer { UnsafeMutableRawPointer(gdk_content_provider_new_union($0.baseAddress, gsize($0.count))) }
        }
    }

    /// A provider of one object (a GFile, a GdkTexture), which keeps its own reference.
    private static func provider(_ type: GType, object: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GdkContentProvider>? {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_object(&value, object)
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }
}
