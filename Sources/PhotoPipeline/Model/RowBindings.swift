// Why this exists: which recycled row view shows which record, so a completion updates a view only if it still shows that very record.
import Foundation

/// What a list row view must do. GtkListView recycles row widgets: one view shows many
/// records over its life, so every update is routed through `RowBindings`.
@MainActor
public protocol PhotoRowView: AnyObject {
    /// The record shown now, or nil when unbound.
    var record: PhotoRecord? { get }
    /// Show `record` at once in its current state (an image that is ready shows with no placeholder flash).
    func bind(_ record: PhotoRecord, busy: Bool)
    func unbind()
    /// Re-show the bound record's current state.
    func render(busy: Bool)
}

@MainActor
public final class RowBindings<View: PhotoRowView> {
    /// Row index → the view showing it now. Kept exact by bind and unbind.
    public private(set) var boundRows: [Int: View] = [:]

    public init() {}

    public func bind(_ view: View, to record: PhotoRecord, busy: Bool) {
        if let old = view.record, boundRows[old.row] === view { boundRows[old.row] = nil }
        boundRows[record.row] = view
        view.bind(record, busy: busy)
    }

    public func unbind(_ view: View) {
        if let record = view.record, boundRows[record.row] === view { boundRows[record.row] = nil }
        view.unbind()
    }

    /// The view showing exactly `record`, if any.
    public func view(showing record: PhotoRecord) -> View? {
        guard let view = boundRows[record.row], view.record === record else { return nil }
        return view
    }

    /// A record changed: re-render its view only if one shows that very record now.
    public func recordChanged(_ record: PhotoRecord, busy: Bool) {
        view(showing: record)?.render(busy: busy)
    }

    /// The records moved (a folder changed): key each view by its record's row again; a view
    /// whose record went is left for the list to unbind.
    public func reindex() {
        var moved: [Int: View] = [:]
        for view in boundRows.values {
            if let row = view.record?.row, row >= 0 { moved[row] = view }
        }
        boundRows = moved
    }

    public func removeAll() {
        for view in boundRows.values { view.unbind() }
        boundRows.removeAll()
    }
}
