// Why this exists: a list row's thumbnail, name and status (a grid cell's thumbnail and name) as one fixed-size widget (CpRowView, in C): rebinding a recycled row only redraws it.
import CGtk
import CRowView
import GLibRuntime

@MainActor
public final class RowView: Widget {
    private var view: OpaquePointer { OpaquePointer(ref.raw) }

    /// A `thumbnailSize` square slot, `spacing` pixels, then the name above the status.
    public init(thumbnailSize: Int32, spacing: Int32) {
        super.init(sinking: cp_row_view_new(thumbnailSize, spacing)!)
    }

    /// A grid's cell: the `thumbnailSize` square slot on top, `spacing` pixels, then the name
    /// centred under it (no status line).
    public init(cellOf thumbnailSize: Int32, spacing: Int32) {
        super.init(sinking: cp_row_view_new_cell(thumbnailSize, spacing)!)
    }

    /// Draw `texture` fitted in the slot (the view takes its own reference), or leave it empty.
    public func setTexture(_ texture: Texture?) {
        cp_row_view_set_texture(view, texture.map { OpaquePointer($0.ref.raw) })
    }

    /// The slot's size changed (the view measures again; what shows is fitted to the new slot).
    public func setThumbnailSize(_ size: Int32) { cp_row_view_set_thumbnail_size(view, size) }

    /// The name and the status line (the view redraws only if the text changed, and never resizes).
    public func setName(_ name: String) { cp_row_view_set_name(view, name) }
    public func setStatus(_ status: String) { cp_row_view_set_status(view, status) }
}
