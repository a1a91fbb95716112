// Why this exists: the main window: header bar (title, gallery name, Open, menu, loading spinner), the in-window error with Retry, the list, drops.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class GalleryWindow {
    let window: ApplicationWindow
    private let services: AppServices
    private let header = HeaderBar()
    private let headerTitle = HeaderTitle()
    private let loadingSpinner = Spinner()
    private let errorBar = InfoBar(type: .error)
    private let localNetworkBar = LocalNetworkBar()
    private let pages = Stack()
    private let emptyPage = EmptyPage()
    private let loadingPage = LoadingPage()
    private let dropTarget = DropTarget()
    let list = GalleryList()
    let viewerPage = ViewerPage()
    private let split = Paned(.horizontal)
    private(set) var inspector: InspectorPanel?
    private let openButton = Button(label: tr("_Open"))
    private let keys = KeyController(capture: true)
    /// The subtitle the list shows, kept while the viewer shows the photo's position instead.
    private var listSubtitle = ""
    let scheduler: OnscreenScheduler
    private var probe: FrameProbe?

    /// The manifest shown (or being loaded), for Retry and Reload.
    private(set) var source: URL?
    private var loadGeneration = 0
    private var loadCancellable: Cancellable?
    private(set) var gallery: PhotoGallery?

    static let retryResponse: Int32 = 1

    init(application: Application, services: AppServices) {
        self.services = services
        window = ApplicationWindow(application: application)
        scheduler = OnscreenScheduler(list: list)
        window.title = AppInfoStrings.appName
        let settings = services.preferences
        window.setDefaultSize(width: settings.windowWidth, height: settings.windowHeight)
        if settings.windowMaximized { window.maximize() }

        openButton.tooltip = tr("Open a gallery manifest")
        openButton.setActionName("app.open")
        header.packStart(openButton)
        header.packStart(viewerPage.backButton)
        viewerPage.backButton.visible = false
        header.setTitleWidget(headerTitle.container)
        header.packEnd(PrimaryMenu.make())
        loadingSpinner.visible = false
        loadingSpinner.tooltip = tr("Loading the gallery")
        header.packEnd(loadingSpinner)
        header.packEnd(viewerPage.infoButton)
        header.packEnd(viewerPage.sepiaButton)
        viewerPage.infoButton.visible = false
        viewerPage.sepiaButton.visible = false
        window.setTitlebar(header)

        errorBar.addButton(tr("_Retry"), id: Self.retryResponse)
        errorBar.revealed = false
        errorBar.onResponse { [weak self] response in
            if response == Self.retryResponse { self?.reload() }
        }
        emptyPage.onOpen { [weak self] in self?.chooseManifest() }
        localNetworkBar.onAllow = { [weak self] in self?.allowLocalNetwork() }
        localNetworkBar.onDismiss = { Trace.shared.emit(.localNetwork(action: "dismissed")) }

        pages.addNamed(emptyPage.container, Page.empty.rawValue)
        pages.addNamed(loadingPage.container, Page.loading.rawValue)
        pages.addNamed(list.scrolled, Page.list.rawValue)
        pages.addNamed(viewerPage.container, Page.viewer.rawValue)
        setUpViewer()
        show(page: .empty)

        let body = Box(.vertical)
        body.append(errorBar)
        body.append(localNetworkBar.bar)
        body.append(pages)
        // The list (or viewer) and, beside it, the operations inspector when it is open.
        split.setStart(body, resize: true, shrink: false)
        window.setChild(split)
        if settings.inspectorOpen { toggleInspector() }

        // A manifest file dropped anywhere on the window opens.
        dropTarget.onDropFile { [weak self] uri in
            guard let url = URL(string: uri) else { return false }
            self?.load(url)
            return true
        }
        window.addController(dropTarget)

        probe = FrameProbe(window: window) { [weak self] in self?.list.bindings.boundRows.isEmpty == false }
        // SIGUSR1 traces the pipeline's counts (tests check that nothing is left behind).
        UnixSignal.onUSR1 { [weak self] in
            guard let pending = self?.gallery?.pending else { return Trace.shared.emit(.pending(downloads: 0, filtrations: 0, queued: 0)) }
            Trace.shared.emit(.pending(downloads: pending.downloadsInProgress.count, filtrations: pending.filtrationsInProgress.count,
                                       queued: pending.downloadQueue.operationCount + pending.filtrationQueue.operationCount))
        }
        if services.options.naive {
            // The tutorial's first try: each row loads on the main thread as it is bound.
            list.onRowBound = { [weak self] row in self?.gallery?.loadSynchronously(row: row) }
        }

        window.onDefaultSizeChanged { [weak self] in
            guard let size = self?.window.defaultSize else { return }
            Trace.shared.emit(.windowSize(width: Int(size.width), height: Int(size.height)))
        }
        window.addAction("close") { [weak self] in self?.window.close() }
        window.onCloseRequest { [weak self] in
            self?.saveWindowState()
            self?.gallery?.cancelAll()
            return false
        }
    }

    func present() { window.present() }

    func saveWindowState() {
        let settings = services.preferences
        settings.windowMaximized = window.isMaximized
        if !window.isMaximized {
            let size = window.defaultSize
            if size.width > 0, size.height > 0 {
                settings.windowWidth = size.width
                settings.windowHeight = size.height
            }
        }
    }

    /// Reload the manifest: rows that loaded keep their image, failed rows are retried.
    func reload() {
        guard let source else { return }
        load(source)
    }

    /// What the window body shows.
    enum Page: String { case empty, loading, list, viewer }
    private(set) var page = Page.empty

    private func show(page: Page) {
        if page != .loading { loadingPage.stop() }
        guard page != self.page || pages.visibleChildName != page.rawValue else { return }
        self.page = page
        pages.visibleChildName = page.rawValue
        Trace.shared.emit(.page(name: page.rawValue))
    }

    /// Load a manifest off the main thread; the window stays live. Reloading the gallery on
    /// screen keeps its rows, with a spinner in the header; any other manifest shows the loading
    /// page, with its name, until it arrives.
    func load(_ source: URL) {
        self.source = source
        loadGeneration += 1
        let generation = loadGeneration
        loadCancellable?.cancel()
        let cancellable = Cancellable()
        loadCancellable = cancellable
        errorBar.revealed = false
        if gallery?.manifest.source == source, page == .list {
            loadingSpinner.visible = true
            loadingSpinner.spinning = true
        } else {
            loadingPage.start(name: isSample ? tr("Sample Gallery") : ManifestParser.title(for: source))
            show(page: .loading)
        }
        headerTitle.subtitleText = tr("Loading…")
        let loader = ManifestLoader(fetcher: services.fetcher)
        // The rows arrive in batches as they are parsed: the first screen shows before the
        // last row is read. Everything reaches the main loop in order.
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ManifestError) in
                try loader.load(source, cancellable: cancellable, header: { header in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.loadGeneration else { return }
                        self.arriving = (header, nil)
                    }
                }, batch: { rows in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.loadGeneration else { return }
                        self.received(rows)
                    }
                })
            }
            MainLoop.invoke { [weak self] in
                guard let self, generation == self.loadGeneration else { return }
                self.loadingSpinner.spinning = false
                self.loadingSpinner.visible = false
                self.ended(result, source: source)
            }
        }
    }

    /// The manifest being loaded is the bundled sample.
    private var isSample: Bool { source != nil && source == DataLocations.sampleManifest }
    /// The gallery on screen is the bundled sample.
    private var isShowingSample: Bool { gallery != nil && gallery?.manifest.source == DataLocations.sampleManifest }

    /// The manifest being loaded: its header, and its gallery once the first rows arrived.
    private var arriving: (header: ManifestLoader.Header, gallery: PhotoGallery?)?

    /// A batch of rows: the first one makes the gallery and shows it; later ones add rows.
    private func received(_ rows: ManifestRows) {
        guard let header = arriving?.header else { return }
        if let gallery = arriving?.gallery {
            gallery.append(rows)
            list.rowsAdded(rows.count)
        } else {
            var store = ManifestRowStore()
            store.append(rows)
            install(Manifest(source: header.source, title: header.title, format: header.format, rows: store, origin: header.origin))
        }
        updateSubtitle()
        if let gallery { Trace.shared.emit(.rows(total: gallery.count)) }
    }

    /// The load ended: with every row, or with an error after some rows or none.
    private func ended(_ result: Result<Void, ManifestError>, source: URL) {
        let made = arriving?.gallery
        let header = arriving?.header
        arriving = nil
        switch result {
        case .success:
            if made == nil, let header {
                // A manifest with no rows: an empty list.
                install(Manifest(source: header.source, title: header.title, format: header.format, origin: header.origin))
            }
            Trace.shared.emit(.manifest(rows: gallery?.count ?? 0, source: source.absoluteString))
            updateSubtitle()
        case .failure(let error):
            showError(error, source: source)
        }
    }

    /// Make and show the gallery of a manifest whose first rows arrived.
    private func install(_ manifest: Manifest) {
        if page == .viewer { viewerPage.close() }
        let previous = gallery
        previous?.cancelAll()
        var settings = services.pipelineSettings()
        // Decode at the thumbnail's size in device pixels.
        settings.thumbnailPixels = Int(PhotoRow.thumbnailSize * max(1, window.scaleFactor))
        settings.viewerScreenPixels *= Int(max(1, window.scaleFactor))
        settings.downscaleWhileDecoding = !services.options.fullDecode
        let gallery = PhotoGallery(manifest: manifest, settings: settings, fetcher: services.fetcher,
                                   memory: services.memory, caches: services.caches)
        self.gallery = gallery
        arriving?.gallery = gallery
        localNetworkBar.bar.revealed = false
        if gallery.access != .local, services.preferences.localNetworkGalleries.contains(manifest.source.absoluteString) {
            gallery.access = .local
            Trace.shared.emit(.localNetwork(action: "allowed"))
        }
        gallery.onFirstBlocked = { [weak self] in
            Trace.shared.emit(.localNetwork(action: "asked"))
            self?.localNetworkBar.bar.revealed = true
        }
        services.preferences.lastManifest = isSample ? "" : manifest.source.absoluteString
        list.show(gallery)
        scheduler.attach(services.options.naive ? nil : gallery)
        show(page: .list)
    }

    /// "Gallery name · 12,345 photos" (the count grows while a big manifest loads).
    private func updateSubtitle() {
        guard let gallery else { listSubtitle = ""; return showListTitle() }
        let name = isShowingSample ? tr("Sample Gallery") : gallery.manifest.title
        listSubtitle = name + " · " + PhotoCount.text(gallery.count)
        showListTitle()
    }

    private func showListTitle() {
        guard page != .viewer else { return }
        headerTitle.titleText = AppInfoStrings.appName
        headerTitle.subtitleText = listSubtitle
    }

    // MARK: the operations inspector

    /// Show or hide the inspector beside the list (Ctrl+Shift+O); remembered in GSettings.
    func toggleInspector() {
        let panel = inspector ?? makeInspector()
        let open = !panel.container.visible
        panel.container.visible = open
        panel.setOpen(open)
        services.preferences.inspectorOpen = open
        if open {
            let width = services.preferences.inspectorWidth
            let total = window.width > 0 ? window.width : window.defaultSize.width
            split.position = max(200, total - width)
        }
        Trace.shared.emit(.inspector(open: open))
    }
    private var isInspectorShown: Bool { inspector?.container.visible == true }

    private func makeInspector() -> InspectorPanel {
        StyleSheet.add(RowBadge.css)
        let panel = InspectorPanel(observer: Trace.shared.observer ?? TraceObserver())
        panel.gallery = { [weak self] in self?.gallery }
        panel.onBadges = { [weak self] sources in self?.list.showBadges(sources) }
        panel.onSelectRow = { [weak self] row in self?.list.listView.scrollTo(row) }
        panel.onClose = { [weak self] in if self?.isInspectorShown == true { self?.toggleInspector() } }
        panel.onExport = { [weak self] in self?.exportTrace() }
        panel.container.visible = false
        split.setEnd(panel.container, resize: false, shrink: false)
        split.onPositionChanged { [weak self] in
            guard let self, self.isInspectorShown else { return }
            let total = self.window.width
            if total > 0 { self.services.preferences.inspectorWidth = total - self.split.position }
        }
        inspector = panel
        return panel
    }

    /// Export: the session's trace so far, as JSON lines (the `--trace` format), where the user says.
    func exportTrace() {
        guard let path = Trace.shared.path else {
            return exportFailed(tr("this session's trace could not be written anywhere"))
        }
        let chooser = FileChooserNative(title: tr("Export Trace"), parent: window, acceptLabel: tr("_Export"),
                                        cancelLabel: tr("_Cancel"), save: true, suggestedName: "classic-photos-trace.jsonl")
        chooser.show { [weak self] uri in
            guard let uri, let url = URL(string: uri), url.isFileURL else { return }
            Trace.shared.flush()
            do {
                if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
                try FileManager.default.copyItem(atPath: path, toPath: url.path)
                Trace.shared.emit(.exported(path: url.path, ok: true))
                self?.inspector?.showExportStatus(fill(tr("Exported to %s"), url.path))
            } catch {
                Trace.shared.emit(.exported(path: url.path, ok: false))
                self?.exportFailed(fill(tr("%s: %s"), url.path, error.localizedDescription))
            }
        }
    }

    /// An export that failed says why, in the inspector (opened if it was closed).
    private func exportFailed(_ reason: String) {
        FileHandle.standardError.write(Data("classic-photos: could not export the trace: \(reason)\n".utf8))
        if !isInspectorShown { toggleInspector() }
        inspector?.showExportStatus(fill(tr("Could not export the trace: %s"), reason))
    }

    // MARK: the viewer

    private func setUpViewer() {
        list.onActivate = { [weak self] row in self?.openViewer(at: row) }
        // The scheduler listens too (it set its handler first).
        let scheduled = list.onRowChanged
        list.onRowChanged = { [weak self] row in
            scheduled?(row)
            self?.viewerPage.rowChanged(row)
        }
        viewerPage.onClose = { [weak self] row in self?.closeViewer(at: row) }
        viewerPage.onTitle = { [weak self] name, position in
            self?.headerTitle.titleText = name
            self?.headerTitle.subtitleText = position
        }
        window.onFullscreenChanged { [weak self] in
            guard let self, !self.window.isFullscreen else { return }
            self.viewerPage.isFullscreen = false
        }
        viewerPage.setFullscreen = { [weak self] on in
            guard let self else { return }
            if on { self.window.fullscreen() } else { self.window.unfullscreen() }
        }
        keys.onKeyPressed { [weak self] key in
            guard let self, self.page == .viewer else { return false }
            return self.viewerPage.handle(key)
        }
        window.addController(keys)
    }

    /// A row was activated (clicked, or Enter on it): its photo opens in the viewer page.
    func openViewer(at row: Int) {
        guard let gallery, gallery.records.indices.contains(row), page == .list else { return }
        openButton.visible = false
        viewerPage.backButton.visible = true
        viewerPage.sepiaButton.visible = true
        viewerPage.infoButton.visible = true
        show(page: .viewer)
        viewerPage.open(gallery, row: row)
        viewerPage.photo.grabFocus()
    }

    /// Back to the list, scrolled so the photo shown last is on screen (unmoved if it already was).
    private func closeViewer(at row: Int) {
        openButton.visible = true
        viewerPage.backButton.visible = false
        viewerPage.sepiaButton.visible = false
        viewerPage.infoButton.visible = false
        show(page: .list)
        showListTitle()
        list.listView.scrollTo(row)
        list.listView.grabFocus()
    }

    private func showError(_ error: ManifestError, source: URL) {
        Trace.shared.emit(.manifestFailed(reason: error.description, source: source.absoluteString))
        let name = source.isFileURL ? source.lastPathComponent : source.absoluteString
        errorBar.text = fill(tr("Could not open “%s”: %s"), name, error.description)
        errorBar.revealed = true
        // The gallery shown before, or the rows read before the fault, stay; with none, the
        // empty page offers Open.
        show(page: gallery == nil ? .empty : .list)
        updateSubtitle()
    }

    /// "Allow for This Gallery": remembered for the manifest's URL; refused rows load again.
    private func allowLocalNetwork() {
        guard let gallery else { return }
        let source = gallery.manifest.source.absoluteString
        if !services.preferences.localNetworkGalleries.contains(source) {
            services.preferences.localNetworkGalleries.append(source)
        }
        Trace.shared.emit(.localNetwork(action: "allowed"))
        gallery.allowAnyAddress()
    }

    func chooseManifest() {
        let preferences = services.preferences
        let folder = preferences.lastFolder.isEmpty ? source?.deletingLastPathComponent() : URL(string: preferences.lastFolder)
        ManifestChooser.choose(parent: window, startIn: folder) { [weak self] uri in
            guard let uri, let url = URL(string: uri) else { return }
            if url.isFileURL { preferences.lastFolder = url.deletingLastPathComponent().absoluteString }
            self?.load(url)
        }
    }
}
