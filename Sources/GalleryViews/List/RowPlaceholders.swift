// Why this exists: the two pictures a row shows when it has no photo (waiting, failed), drawn once from the icon theme and shared by every row as one texture each.
import Gtk

/// Themed icons in rows were the costliest thing a frame drew here: each `GtkImage` looked its
/// icon up and recoloured it on every bind (see BENCHMARKS.md, issue 13). One texture each,
/// made once in the list's foreground colour, costs a frame no more than a thumbnail does.
@MainActor
package final class RowPlaceholders {
    package let waiting: Texture?
    package let failed: Texture?

    package init(size: Int32, scale: Int32, for widget: Widget) {
        waiting = Texture.icon("image-x-generic-symbolic", iconSize: size / 2, size: size, scale: scale, opacity: 0.3, for: widget)
        failed = Texture.icon("image-missing-symbolic", iconSize: size / 2, size: size, scale: scale, opacity: 0.55, for: widget)
    }
}
