// Why this exists: the main window: it assembles the header bar, the bars, the pages and the inspector's split, and hands each job to its own type (loading, consent, viewer navigation, inspector, window state).
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import GalleryContents
import PhotoTrace

@MainActor
final class GalleryWindow {
    let window: ApplicationWindow
    let services: AppServices
    /// Where the window's pages, layouts and galleries are said: the app's trace.
    var trace: Trace { services.trace }
    let header = HeaderBar()
    let headerTitle = HeaderTitle()
    let loadingSpinner = Spinner()
    let errorBar = InfoBar(type: .error)
    let sandboxNotice: SandboxNotice
    private let dropTarget = DropTarget()
    let list: GalleryList
    let viewerPage: ViewerPage
    let pages: WindowPages
    private let split = Paned(.horizontal)
    let openButton = Button(label: tr("_Open"))
    /// The list/grid switch: shows the layout a click gives.
    let layoutButton = Button(iconName: "view-grid-symbolic")
    /// The application, whose `view` and `thumbnail-size` actions the switch changes.
    let application: Application
    let scheduler: OnscreenScheduler
    /// Keeps a folder gallery up to date.
    let follower: FolderFollower
    private let scrollTracker: ScrollTracker
    let loader: GalleryLoader
    private let consent: LocalNetworkConsent
    let navigation: ViewerNavigation
    private(set) var inspector: InspectorController!
    /// Save As, Copy and Export Gallery: their note over the pages and the export's bar.
    let note: WindowNote
    let exporter: ExportGallery
    let trash: TrashPhotos, edits = PhotoEdits()
    private var probe: FrameProbe?
    /// Who asked the window to close, for the trace: our own actions say so first; GTK's close-request alone comes from the desktop.
    var closingBy: String?
    /// The subtitle the list shows, kept while the viewer shows the photo's position instead.
    var listSubtitle = ""
    /// The Sort menu; the gallery's order; a sorted manifest's own rows; all rows arrived.
    let sortMenu = SortMenu()
    var order = PhotoOrder(.name), manifestOrder: ManifestOrder?, rowsComplete = false
    /// A share folder's sizes, times and dates, for sorting it, and the order its rows are in.
    var shareSort = ShareSortState(), shownShareOrder = PhotoOrder(.name)
    /// `--export-to` ran (it exports the first gallery loaded, not each reload).
    var exportStartedFromCommandLine = false
    /// The mount of the share shown, followed (nil: not a share's folder).
    var shareWatch: ShareMountWatch?
    /// The filter bar (Ctrl+F), and whether it is open (it steps aside while the viewer shows).
    let filterBar = FilterBar()
    var filterOpen = false
    /// The keys the filter's entry borrowed while it has the keyboard, by action.
    var lentKeys: [String: [String]] = [:]

    /// The gallery on screen (its first rows arrived).
    private(set) var gallery: PhotoGallery?
    /// The gallery shown (or being loaded), for Retry and Reload.
    var source: URL? { loader.source }
    static let retryResponse: Int32 = 1

    init(application: Application, services: AppServices) {
        self.services = services
        sandboxNotice = SandboxNotice(sandbox: services.sandbox)
        self.application = application
        window = ApplicationWindow(application: application)
        let layout = services.options.layout ?? services.preferences.layout
        list = GalleryList(thumbnailSize: services.options.thumbnailSize ?? services.preferences.thumbnailSize(for: layout), layout: layout,
                           colours: services.displayColour, trace: services.trace)
        viewerPage = ViewerPage(colours: services.displayColour, trace: services.trace)
        services.trace.emit(.layout(name: layout.rawValue))
        let clock = MainLoopClock()
        scrollTracker = ScrollTracker(scrolled: list.scrolled, clock: clock)
        scheduler = OnscreenScheduler(list: list, scroll: scrollTracker.state, clock: clock, trace: services.trace)
        pages = WindowPages(list: list.scrolled, viewer: viewerPage.container, trace: services.trace)
        loader = GalleryLoader(fetcher: services.fetcher, trace: services.trace)
        consent = LocalNetworkConsent(preferences: services.preferences, trace: services.trace)
        navigation = ViewerNavigation(window: window, application: application, pages: pages, list: list, viewerPage: viewerPage,
                                      headerTitle: headerTitle, openButton: openButton)
        follower = FolderFollower(list: list, navigation: navigation, scheduler: scheduler, pages: pages)
        follower.dateReader = services.dateReader
        note = WindowNote(over: pages.stack)
        exporter = ExportGallery(parent: window, application: application, preferences: services.preferences, note: note)
        trash = TrashPhotos(note: note, application: application, edits: edits, trace: services.trace)
        viewerPage.animation.onStopped = { [note] reason in note.show(fill(tr("This animation does not play: %s"), reason), failed: true) }
        window.title = AppInfoStrings.appName
        WindowState.restore(window, from: services.preferences, trace: services.trace)
        list.windowHeight = Int(window.defaultSize.height)
        assembleHeader()
        navigation.listButtons = [layoutButton, sortMenu.button]

        errorBar.addButton(tr("_Retry"), id: Self.retryResponse)
        errorBar.revealed = false
        errorBar.onResponse { [weak self] response in
            if response == Self.retryResponse { self?.reload() }
        }
        pages.empty.onOpen { [weak self] in self?.chooseManifest() }
        pages.empty.onOpenFolder { [weak self] in self?.chooseFolder() }
        pages.empty.onOpenLocation { [weak self] in self?.openLocation() }
        pages.empty.onOpenRecent { [weak self] uri in if let url = URL(string: uri) { self?.load(url) } }
        pages.empty.showRecent(services.preferences.recentGalleries)
        // The list back on screen (from the viewer, the loading page or an error): what shows
        // may have changed while it was hidden, so look again once it is laid out.
        pages.shown.add { [weak self] page in if page == .list { self?.scheduler.invalidate() } }
        navigation.gallery = { [weak self] in self?.gallery }
        consent.reload = { [weak self] in self?.reload() }
        navigation.showListTitle = { [weak self] in self?.showListTitle() }
        loader.events = GalleryLoader.Events(
            firstRows: { [weak self] manifest in self?.firstRows(manifest) },
            moreRows: { [weak self] rows in self?.received(rows) },
            folderGrew: { [weak self] change in if let gallery = self?.gallery { self?.follower.grew(change, in: gallery) } },
            folderListed: { [weak self] contents in self?.listed(contents) },
            shareListed: { [weak self] facts in self?.shareLoaded(facts) },
            ended: { [weak self] result in self?.ended(result) })
        follower.countChanged = { [weak self] in self?.updateSubtitle() }
        follower.sorted = { [weak self] milliseconds in self?.traceOrder(ms: milliseconds) }
        followDisplayColours()
        assembleFilter()
        follower.gone = { [weak self] gallery in
            self?.showError(ManifestError(Words("the folder was deleted or moved")), source: gallery.manifest.source)
        }

        let body = Box(.vertical)
        body.append(errorBar)
        body.append(sandboxNotice.view)
        body.append(consent.bar.bar)
        body.append(exporter.bar.bar)
        body.append(trash.question)
        body.append(filterBar.bar)
        body.append(note.overlay)
        // The list (or viewer) and, beside it, the operations inspector when it is open.
        split.setStart(body, resize: true, shrink: false)
        window.setChild(split)
        inspector = InspectorController(split: split, window: window, preferences: services.preferences, list: list,
                                        gallery: { [weak self] in self?.gallery }, trace: services.trace)
        if services.preferences.inspectorOpen { inspector.toggle() }

        // A manifest file dropped anywhere on the window opens.
        dropTarget.onDropFile { [weak self] uri in
            guard let url = URL(string: uri) else { return false }
            self?.load(url)
            return true
        }
        window.addController(dropTarget)

        probe = FrameProbe(window: window, trace: services.trace, hasRows: { [weak self] in self?.list.bindings.boundRows.isEmpty == false },
                           rowWidgets: { [weak self] in self?.list.rows.count ?? 0 })
        list.probe = probe
        list.drags = services.drags
        viewerPage.drags = services.drags
        if let decision = services.renderer { RendererChoice.traceOnFirstFrame(of: window, decision, in: services.trace) }
        PipelineDiagnostics.traceOnUSR1(in: services.trace) { [weak self] in self?.gallery }
        followSharesOnFocus()
        trash.shareChanged = { [weak self] in self?.relistShare() }
        if services.options.naive {
            // The tutorial's first try: each row loads on the main thread as it is bound.
            list.rowBound.add { [weak self] row in self?.gallery?.loadSynchronously(row: row) }
        }
        window.addAction("close") { [weak self] in
            self?.closingBy = "close"
            self?.window.close()
        }
        window.onCloseRequest { [weak self, trace] in
            defer { self?.closingBy = nil }
            // An export running asks first (its bar says so, with Quit).
            if let self, self.exporter.askBeforeQuitting({ [weak self, by = self.closingBy] in
                self?.closingBy = by
                self?.window.close()
            }) { return true }
            trace.emit(.closing(by: self?.closingBy ?? "desktop"))
            self?.saveWindowState()
            self?.gallery?.cancelAll()
            return false
        }
    }

    func present() { window.present() }
    func saveWindowState() { WindowState.save(window, to: services.preferences) }
    func toggleInspector() { inspector.toggle() }
    func forgetLocalNetworkPermission() { consent.revoke() }
    func exportTrace() { inspector.exportTrace() }
    func openViewer(at row: Int) { navigation.open(at: row) }
    var page: WindowPages.Page { pages.current }

    /// Reload the gallery: rows that loaded keep their image, failed rows are retried.
    func reload() { if let source { load(source) } }

    /// Make and show the gallery of a manifest whose first rows arrived.
    func install(_ manifest: Manifest) {
        follower.stop()
        navigation.closeForNewGallery()
        gallery?.cancelAll()
        let gallery = services.makeGallery(manifest, scaleFactor: window.scaleFactor, thumbnailSize: list.thumbnailSize,
                                           demand: services.options.naive ? nil : scheduler)
        self.gallery = gallery
        rowsComplete = false
        shareSort.reset()
        shownShareOrder = PhotoOrder(.name)
        filterOpen = false
        filterBar.reset()
        watchShare(manifest)
        showOrder(of: gallery)
        consent.galleryOpened(gallery)
        trash.galleryShown(manifest)
        pages.empty.clearNote()
        list.show(gallery)
        scheduler.attach(services.options.naive ? nil : gallery)
        pages.show(.list)
        updateSubtitle()
    }
}
