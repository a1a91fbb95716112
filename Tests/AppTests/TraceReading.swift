// Why this exists: short typed reads of the trace fields the app tests check most (the manifest's row count and source, the pages shown).
import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace

extension TraceRecord {
    /// Rows of a `manifest` event.
    var manifestRows: Int? { if case .manifest(let rows, _) = event { return rows } else { return nil } }
    /// Source of a `manifest` or `manifest-failed` event.
    var manifestSource: String? {
        switch event {
        case .manifest(_, let source), .manifestFailed(_, let source): return source
        default: return nil
        }
    }
}

extension TraceLog {
    /// The window's pages, in the order shown.
    var pages: [String] { events.compactMap { if case .page(let name) = $0.event { return name } else { return nil } } }
}
