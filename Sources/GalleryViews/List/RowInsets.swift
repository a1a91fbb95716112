// Why this exists: the space around a row's or a cell's content belongs to the row's own box, so a click anywhere on it reaches the row's click gesture and opens its photo (as the theme's padding and margins, it selected without opening).
import Gtk

@MainActor
package enum RowInsets {
    /// Style classes: on the list and the grid, and on a row's and a cell's box.
    package static let rows = "photo-rows", cells = "photo-cells", row = "photo-row", cell = "photo-cell"

    /// The theme's space around an item (a `.rich-list` row's padding, 8 by 12, and a grid
    /// child's 3, with 12 of margin on its box), and the row box's own 6, made the box's
    /// padding: the same layout, under any theme, with the box filling its whole item. Only
    /// a list's separator (its item's bottom border, 1 pixel) lies outside the box.
    package static let css = """
    listview.\(rows) > row { padding: 0; }
    listview.\(rows) > row > box.\(row) { padding: 14px 18px; }
    gridview.\(cells) > child { padding: 0; }
    gridview.\(cells) > child > box.\(cell) { margin: 0; padding: 21px; }
    """

    /// The rules added, the first time this is read.
    private static let added: Void = StyleSheet.add(css)

    /// Add the rules once, before the first row is made.
    package static func addOnce() { _ = added }
}
