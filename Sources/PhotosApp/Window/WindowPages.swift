// Why this exists: the window body's pages (empty, loading, list, viewer): which one shows, switched in one place and traced.
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
final class WindowPages {
    /// What the window body shows (the trace's `page` names).
    typealias Page = PageName

    let stack = Stack()
    let empty = EmptyPage()
    let loading = LoadingPage()
    private(set) var current = Page.empty
    /// A page was brought to the front (the scheduler looks at the list again when it returns).
    let shown = Listeners<Page>()

    /// Where each page shown is said.
    private let trace: Trace

    init(list: Widget, viewer: Widget, trace: Trace) {
        self.trace = trace
        stack.addNamed(empty.container, Page.empty.rawValue)
        stack.addNamed(loading.container, Page.loading.rawValue)
        stack.addNamed(list, Page.list.rawValue)
        stack.addNamed(viewer, Page.viewer.rawValue)
        show(.empty)
    }

    func show(_ page: Page) {
        if page != .loading { loading.stop() }
        guard page != current || stack.visibleChildName != page.rawValue else { return }
        current = page
        stack.visibleChildName = page.rawValue
        trace.emit(.page(name: page.rawValue))
        shown.emit(page)
    }
}
