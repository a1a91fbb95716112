// Why this exists: the list row's one widget (CpRowView): a new name, status or texture only redraws it (no layout pass, no size change), it draws the texture fitted in its slot and the text beside it, and it holds a texture by a reference of its own.
import CGtk
import Foundation
import GdkPixbuf
import GLibRuntime
import Gtk
import TestAndBenchSupport
import XCTest

final class RowViewTests: XCTestCase {
    /// A solid `side` × `side` texture of one colour.
    @MainActor
    static func texture(side: Int32, rgb: (UInt8, UInt8, UInt8)) -> Texture {
        let pixbuf = Pixbuf(width: Int(side), height: Int(side), hasAlpha: false)!
        pixbuf.fill(UInt32(rgb.0) << 24 | UInt32(rgb.1) << 16 | UInt32(rgb.2) << 8 | 0xff)
        return Texture(pixbuf: pixbuf)
    }

    /// The view drawn into an ARGB image, as GTK draws it (its render node, painted by cairo),
    /// once a frame has been made with the view as it is now.
    @MainActor
    static func render(_ view: RowView) -> (width: Int, pixel: (Int, Int) -> (r: Int, g: Int, b: Int, a: Int)) {
        _ = MainLoop.iterate(until: { false }, timeout: 0.2)
        let widget = view.ref.raw.assumingMemoryBound(to: GtkWidget.self)
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        let paintable = gtk_widget_paintable_new(widget)!
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let node = gtk_snapshot_free_to_node(snapshot)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        if let node { gsk_render_node_draw(node, cr); gsk_render_node_unref(node) }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        g_object_unref(UnsafeMutableRawPointer(paintable))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let bytes = Array(UnsafeBufferPointer(start: data, count: stride * Int(height)))
        cairo_surface_destroy(surface)
        return (Int(width), { x, y in
            let i = y * stride + x * 4  // little-endian ARGB32: B, G, R, A
            return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]), Int(bytes[i + 3]))
        })
    }

    func testNewTextOrTextureOnlyRedraws() throws {
        try XCTSkipIf(WindowTeardownTests.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(WindowTeardownTests.initializeGTK(on: WindowTeardownTests.display!.display), "GTK opened the display")
            let window = Window()
            let box = Box(.horizontal)
            let view = RowView(thumbnailSize: 64, spacing: 12)
            view.setExpand(horizontal: true)
            box.append(view)
            window.setChild(box)
            window.setDefaultSize(width: 400, height: 100)
            var layouts = 0, paints = 0
            view.onFrameClock(.layout) { layouts += 1 }
            view.onFrameClock(.paint) { paints += 1 }
            window.present()
            XCTAssertTrue(MainLoop.iterate(until: { paints > 0 }, timeout: 5), "painted")
            _ = MainLoop.iterate(until: { false }, timeout: 0.2)
            let size = (view.width, view.height)
            let red = Self.texture(side: 128, rgb: (255, 0, 0))
            let changes: [(String, () -> Void)] = [
                ("name", { view.setName("A much longer name than before, long enough to be ellipsized at the end") }),
                ("status", { view.setStatus("Applying sepia") }),
                ("texture", { view.setTexture(red) }),
                ("Korean name", { view.setName("사진") }),
            ]
            for (what, change) in changes {
                layouts = 0
                let painted = paints
                change()
                XCTAssertTrue(MainLoop.iterate(until: { paints > painted }, timeout: 2), "a new \(what) is drawn")
                XCTAssertEqual(layouts, 0, "a new \(what) needs no layout pass")
                XCTAssertTrue(view.width == size.0 && view.height == size.1, "a new \(what) keeps the size")
            }
            // The same text again asks for nothing at all.
            let painted = paints
            view.setName("사진")
            view.setStatus("Applying sepia")
            view.setTexture(red)
            _ = MainLoop.iterate(until: { false }, timeout: 0.2)
            XCTAssertEqual(paints, painted, "nothing changed, nothing drawn")
            window.destroy()
        }
    }

    func testDrawsTheTextureFittedAndTheTextBesideIt() throws {
        try XCTSkipIf(WindowTeardownTests.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(WindowTeardownTests.initializeGTK(on: WindowTeardownTests.display!.display), "GTK opened the display")
            let window = Window()
            let view = RowView(thumbnailSize: 64, spacing: 12)
            window.setChild(view)
            window.setDefaultSize(width: 400, height: 64)
            window.present()
            XCTAssertTrue(MainLoop.iterate(until: { view.width >= 300 }, timeout: 5), "laid out")
            // A 128 px texture (a scale-2 thumbnail) fills the 64 px slot, centred.
            let green = Self.texture(side: 128, rgb: (0, 200, 0))
            // Before any frame holds it: the view takes a reference of its own and lets it go.
            let reference = green.ref.referenceCount
            view.setTexture(green)
            XCTAssertEqual(green.ref.referenceCount, reference + 1, "the view holds a reference of its own")
            view.setTexture(nil)
            XCTAssertEqual(green.ref.referenceCount, reference, "the view let its reference go")
            view.setTexture(green)
            var image = Self.render(view)
            let middle = Int(view.height) / 2
            XCTAssertTrue(image.pixel(32, middle) == (0, 200, 0, 255), "the slot shows the texture: \(image.pixel(32, middle))")
            XCTAssertTrue(image.pixel(2, middle) == (0, 200, 0, 255), "fitted to the slot's width")
            XCTAssertEqual(image.pixel(70, middle).a, 0, "nothing drawn in the gap")
            let rows = Int(view.height)
            func inked(_ image: (width: Int, pixel: (Int, Int) -> (r: Int, g: Int, b: Int, a: Int))) -> Int {
                var count = 0
                for y in 0..<rows { for x in 76..<image.width where image.pixel(x, y).a > 0 { count += 1 } }
                return count
            }
            XCTAssertEqual(inked(image), 0, "no text, no ink")
            view.setName("Photo")
            view.setStatus("Sepia")
            image = Self.render(view)
            XCTAssertGreaterThan(inked(image), 50, "the name and status are drawn beside the slot")
            view.setTexture(nil)
            image = Self.render(view)
            XCTAssertEqual(image.pixel(32, middle).a, 0, "an empty slot")
            window.destroy()
        }
    }
    /// Rows share their font's figures only where the font is the same: a row in a larger font
    /// is taller than one in the usual font, whichever was measured first.
    func testARowInAnotherFontMeasuresItsOwnFigures() throws {
        try XCTSkipIf(WindowTeardownTests.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(WindowTeardownTests.initializeGTK(on: WindowTeardownTests.display!.display), "GTK opened the display")
            StyleSheet.add(".row-view-test-large { font-size: 30px; }")
            let window = Window()
            let box = Box(.vertical)
            let usual = RowView(thumbnailSize: 8, spacing: 12), usualAgain = RowView(thumbnailSize: 8, spacing: 12)
            let large = RowView(thumbnailSize: 8, spacing: 12)
            large.addCSSClass("row-view-test-large")
            for view in [usual, large, usualAgain] {
                view.setName("Name")
                box.append(view)
            }
            window.setChild(box)
            window.setDefaultSize(width: 400, height: 300)
            window.present()
            XCTAssertTrue(MainLoop.iterate(until: { usual.height > 0 && large.height > 0 && usualAgain.height > 0 }, timeout: 5), "laid out")
            _ = MainLoop.iterate(until: { false }, timeout: 0.2)
            XCTAssertGreaterThan(large.height, usual.height + 20, "the larger font's lines are taller")
            XCTAssertEqual(usualAgain.height, usual.height, "the same font, the same figures")
            window.destroy()
        }
    }
}
