// Why this exists: which rows are actually on screen, from each bound row's laid-out bounds against the viewport (bound is not visible).
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
package enum VisibleRows {
    /// GtkListView keeps about 200 rows bound far beyond the viewport, so the visible rows are
    /// the bound rows that are mapped and whose bounds overlap the scrolled window. Call only after layout (at
    /// `after-paint`): geometry read inside `value-changed` is a frame stale.
    package static func compute(_ bindings: RowBindings<PhotoRow>, in viewport: ScrolledWindow) -> [Int] {
        let height = Double(viewport.height)
        guard height > 0 else { return [] }
        return bindings.boundRows.compactMap { row, view in
            // GtkListView unmaps rows it scrolled out of view and leaves their old geometry: skip them.
            // A row counts once what it draws is on screen, not its padding alone (RowInsets).
            guard view.container.isMapped, let box = view.content.bounds(in: viewport), box.height > 0 else { return nil }
            return box.y + box.height > 0 && box.y < height ? row : nil
        }.sorted()
    }

    /// Where the lowest of `rows` ends, in the viewport (nil when none of them is laid out).
    package static func bottom(of rows: [Int], _ bindings: RowBindings<PhotoRow>, in viewport: ScrolledWindow) -> Double? {
        let wanted = Set(rows)
        return bindings.boundRows.compactMap { row, view -> Double? in
            guard wanted.contains(row), view.container.isMapped, let box = view.content.bounds(in: viewport) else { return nil }
            return box.y + box.height
        }.max()
    }

    /// How many cells a grid's row holds: the bound, mapped cells level with the first one.
    package static func columns(_ bindings: RowBindings<PhotoRow>, in viewport: ScrolledWindow) -> Int {
        let tops = bindings.boundRows.sorted { $0.key < $1.key }.compactMap { _, view -> Double? in
            guard view.container.isMapped, let box = view.container.bounds(in: viewport), box.height > 0 else { return nil }
            return box.y
        }
        guard let first = tops.first else { return 0 }
        return tops.prefix { abs($0 - first) < 1 }.count
    }
}
