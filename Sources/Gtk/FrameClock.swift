// Why this exists: a widget's GdkFrameClock: its phases (`after-paint` is the moment row geometry is laid out and current), tick callbacks and frame timings.
import CGtk
import GLibRuntime

/// The phases of a GdkFrameClock frame, in the order they run.
public enum FrameClockPhase: String, Sendable {
    case flushEvents = "flush-events", beforePaint = "before-paint", update, layout, paint, afterPaint = "after-paint"
}

extension Widget {
    /// Call `fn` after every frame this widget's toplevel paints.
    public func onAfterPaint(_ fn: @escaping Signal.Plain) { onFrameClock(.afterPaint, fn) }

    /// Call `fn` at `phase` of every frame. `last`: after every other handler of the phase
    /// (GTK's own included), so the time then is the phase's end. The frame clock exists only
    /// once the widget is realized, so the handler is connected when the widget is mapped.
    public func onFrameClock(_ phase: FrameClockPhase, last: Bool = false, _ fn: @escaping Signal.Plain) {
        var connected = false
        let connect: @MainActor () -> Void = { [widget] in
            guard !connected, let clock = gtk_widget_get_frame_clock(widget) else { return }
            connected = true
            Signal.connect(clock, phase.rawValue, after: last, fn)
        }
        if gtk_widget_get_mapped(widget) != 0 { connect() }
        Signal.connect(ref.pointer, "map", connect)
    }

    /// Run `fn` at every frame of this widget's frame clock until it returns false, keeping
    /// the clock ticking (as an animation does) even when nothing needs repainting.
    @discardableResult
    public func addTickCallback(_ fn: @escaping @MainActor () -> Bool) -> guint {
        typealias Tick = @MainActor () -> Bool
        let data = Unmanaged.passRetained(ClosureBox<Tick>(fn) as SignalBox).toOpaque()
        let thunk: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, _, data in
            let fn = Unmanaged<ClosureBox<Tick>>.fromOpaque(data!).takeUnretainedValue().fn
            return MainActor.assumeIsolated { fn() } ? 1 : 0
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<SignalBox>.fromOpaque(data).release()
        }
        return gtk_widget_add_tick_callback(widget, thunk, data, release)
    }

    /// When the frame being painted began (µs, monotonic clock, unsmoothed): the frame clock's
    /// own time for this frame. Nil outside a frame or before the widget is realized.
    public var currentFrameStartMicroseconds: Int64? {
        guard let clock = gtk_widget_get_frame_clock(widget),
              let timings = gdk_frame_clock_get_current_timings(clock) else { return nil }
        let start = gdk_frame_timings_get_frame_time(timings)
        return start == 0 ? nil : Int64(start)
    }

    /// The frame clock's time of the frame being drawn (µs, monotonic): what an animation's
    /// tick measures its progress by. Nil before the widget is realized.
    public var frameTime: Int64? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        return Int64(gdk_frame_clock_get_frame_time(clock))
    }

    /// Ask for a new frame (so `after-paint` runs even when nothing else changed).
    public func queueDraw() { gtk_widget_queue_draw(widget) }

    /// This widget's bounds in `ancestor`'s coordinates, or nil if they share no common ancestor.
    public func bounds(in ancestor: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, ancestor.widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
}
