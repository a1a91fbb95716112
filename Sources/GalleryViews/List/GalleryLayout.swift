// Why this exists: how the window lays a gallery out, the tutorial's list of rows or a grid of square thumbnails: the app's own word, which the trace records by name.
package enum GalleryLayout: String, Sendable, CaseIterable {
    case list, grid
}
