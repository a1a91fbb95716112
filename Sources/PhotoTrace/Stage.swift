// Why this exists: the queues work runs on (the tutorial's two stages, the viewer's and the export's), named as the trace names them.
/// The two stages of the tutorial's pipeline, and the viewer's full-size loads; each has its
/// own queue and in-progress map.
public enum Stage: String, Sendable, Codable, CaseIterable {
    case download
    case filtration
    /// Full-size decode (and sepia) for the viewer: one photo and its neighbours at a time.
    case viewer
    /// A photo written to a file at full size (Save As, Export Gallery): never suspended by scrolling.
    case export

    /// The stages a list row goes through (scrolling suspends and cancels these).
    public static let rowStages: [Stage] = [.download, .filtration]
}
