// Why this exists: GtkDrawingArea with a Swift draw function, and the few cairo calls the inspector's chart and waterfall bars need (the app draws through these, never through cairo itself).
import CGtk
import GLibRuntime

/// A cairo context while a drawing area draws (valid only inside its draw function).
@MainActor
public struct DrawContext {
    let cr: OpaquePointer
    public let width: Double
    public let height: Double
    /// The style's text colour for the area (red, green, blue, 0–1): what its drawing is legible
    /// against, read as it draws (a style change redraws every widget).
    public let foreground: (red: Double, green: Double, blue: Double)

    public func setColor(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }
    public func fillRect(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }
    /// A polyline through `points`, stroked `lineWidth` wide.
    public func strokeLine(_ points: [(Double, Double)], lineWidth: Double = 1) {
        guard let first = points.first else { return }
        cairo_set_line_width(cr, lineWidth)
        cairo_move_to(cr, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_stroke(cr)
    }
    /// The area under a polyline down to `baseline`, filled.
    public func fillArea(_ points: [(Double, Double)], baseline: Double) {
        guard let first = points.first, let last = points.last else { return }
        cairo_move_to(cr, first.0, baseline)
        for point in points { cairo_line_to(cr, point.0, point.1) }
        cairo_line_to(cr, last.0, baseline)
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}

@MainActor
public final class DrawingArea: Widget {
    public typealias Draw = @MainActor (DrawContext) -> Void

    public init(width: Int32 = 0, height: Int32) {
        super.init(sinking: gtk_drawing_area_new()!)
        gtk_drawing_area_set_content_height(widget.as(GtkDrawingArea.self), height)
        if width > 0 { gtk_drawing_area_set_content_width(widget.as(GtkDrawingArea.self), width) }
    }

    /// Set the draw function (called on the main thread whenever GTK draws the area).
    public func onDraw(_ fn: @escaping Draw) {
        let box = Unmanaged.passRetained(ClosureBox<Draw>(fn)).toOpaque()
        let thunk: GtkDrawingAreaDrawFunc = { area, cr, width, height, data in
            let box: ClosureBox<Draw> = closureBox(data)
            guard let cr, let area else { return }
            var colour = GdkRGBA()
            gtk_style_context_get_color(gtk_widget_get_style_context(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)), &colour)
            let foreground = (red: Double(colour.red), green: Double(colour.green), blue: Double(colour.blue))
            MainActor.assumeIsolated {
                box.fn(DrawContext(cr: cr, width: Double(width), height: Double(height), foreground: foreground))
            }
        }
        gtk_drawing_area_set_draw_func(widget.as(GtkDrawingArea.self), thunk, box) { data in
            guard let data else { return }
            Unmanaged<ClosureBox<Draw>>.fromOpaque(data).release()
        }
    }

}
