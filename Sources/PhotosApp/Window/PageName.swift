// Why this exists: the window body's pages, the app's own words for them, which the trace records by name (`page`).
enum PageName: String, Sendable, CaseIterable {
    case empty, loading, list, viewer
}
