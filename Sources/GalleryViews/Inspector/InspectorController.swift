// Why this exists: the operations inspector beside the list: made when first opened, shown and hidden (Ctrl+Shift+O), its width and state kept in GSettings, its controls wired to the list and the export.
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
package final class InspectorController {
    private let split: Paned
    private let window: ApplicationWindow
    private let preferences: AppSettings
    private let list: GalleryList
    private let gallery: () -> PhotoGallery?
    /// The trace it shows (its observer) and exports.
    private let trace: Trace
    package private(set) var panel: InspectorPanel?
    private lazy var export = TraceExport(parent: window, trace: trace, status: { [weak self] text, failed in self?.showExportStatus(text, failed: failed) })

    package init(split: Paned, window: ApplicationWindow, preferences: AppSettings, list: GalleryList,
         gallery: @escaping () -> PhotoGallery?, trace: Trace) {
        self.trace = trace
        self.split = split
        self.window = window
        self.preferences = preferences
        self.list = list
        self.gallery = gallery
    }

    package var isShown: Bool { panel?.container.visible == true }

    /// Show or hide the inspector beside the list; remembered in GSettings.
    package func toggle() {
        let panel = self.panel ?? make()
        let open = !panel.container.visible
        panel.container.visible = open
        panel.setOpen(open)
        preferences.inspectorOpen = open
        if open {
            let width = preferences.inspectorWidth
            let total = window.width > 0 ? window.width : window.defaultSize.width
            split.position = max(200, total - width)
        }
        trace.emit(.inspector(open: open))
    }

    /// Export (Ctrl+Shift+E): the session's trace so far.
    package func exportTrace() { export.run() }

    private func make() -> InspectorPanel {
        StyleSheet.add(RowBadge.css)
        let panel = InspectorPanel(observer: trace.observer ?? TraceObserver(), trace: trace)
        panel.gallery = gallery
        panel.onBadges = { [weak self] sources in self?.list.showBadges(sources) }
        panel.onSelectRow = { [weak self] row in
            self?.list.addHeldBackRows()
            if let list = self?.list, row < list.model.count { list.listView.scrollTo(row) }
        }
        panel.onClose = { [weak self] in if self?.isShown == true { self?.toggle() } }
        panel.onExport = { [weak self] in self?.exportTrace() }
        panel.container.visible = false
        split.setEnd(panel.container, resize: false, shrink: false)
        split.onPositionChanged { [weak self] in
            guard let self, self.isShown else { return }
            let total = self.window.width
            if total > 0 { self.preferences.inspectorWidth = total - self.split.position }
        }
        self.panel = panel
        return panel
    }

    /// An export's outcome, in the panel; a failure opens the panel if it was closed.
    private func showExportStatus(_ text: String, failed: Bool) {
        if failed, !isShown { toggle() }
        panel?.showExportStatus(text)
    }
}
