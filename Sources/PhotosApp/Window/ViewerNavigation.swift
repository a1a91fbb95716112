// Why this exists: moving between the list and the viewer: a row activated opens its photo, Back returns to the list scrolled to the photo shown last; the header's buttons, the viewer's keys, fullscreen and the slideshow follow.
import GalleryViews
import Gtk
import PhotoPipeline
import GalleryContents

@MainActor
final class ViewerNavigation {
    private let window: ApplicationWindow
    private let pages: WindowPages
    private let list: GalleryList
    private let viewerPage: ViewerPage
    private let headerTitle: HeaderTitle
    private let openButton: Button
    private let keys = KeyController(capture: true)
    let slideshow: Slideshow
    /// The gallery shown.
    var gallery: () -> PhotoGallery? = { nil }
    /// Put the list's own title back in the header.
    var showListTitle: () -> Void = {}

    init(window: ApplicationWindow, application: Application, pages: WindowPages, list: GalleryList, viewerPage: ViewerPage,
         headerTitle: HeaderTitle, openButton: Button) {
        slideshow = Slideshow(page: viewerPage, application: application, window: window)
        self.window = window
        self.pages = pages
        self.list = list
        self.viewerPage = viewerPage
        self.headerTitle = headerTitle
        self.openButton = openButton
        setHeaderButtons(viewer: false)

        list.activated.add { [weak self] row in self?.open(at: row) }
        list.rowChanged.add { [weak self] row in self?.viewerPage.rowChanged(row) }
        viewerPage.onClose = { [weak self] row in self?.closed(at: row) }
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
            guard let self, self.pages.current == .viewer else { return false }
            return self.slideshow.handle(key) || self.viewerPage.handle(key)
        }
        window.addController(keys)
    }

    /// A row was activated (clicked, or Enter on it): its photo opens in the viewer page.
    func open(at row: Int) {
        guard let gallery = gallery(), gallery.records.indices.contains(row), pages.current == .list else { return }
        watchMinimizing()
        setHeaderButtons(viewer: true)
        pages.show(.viewer)
        viewerPage.open(gallery, row: row)
        viewerPage.photo.grabFocus()
    }

    /// The folder shown changed: the viewer follows its photo (or its neighbour); when no photo
    /// is left it closes, and the window shows the empty folder.
    func apply(_ change: FolderChange) {
        guard pages.current == .viewer, !viewerPage.apply(change) else { return }
        setHeaderButtons(viewer: false)
        pages.show(.list)
        showListTitle()
    }

    /// An animation plays only while the window is not minimised: told when that changes
    /// (connected once, when the viewer first opens: the window is realized by then).
    private var watchingMinimized = false
    private func watchMinimizing() {
        guard !watchingMinimized else { return }
        watchingMinimized = true
        viewerPage.animation.isMinimized = { [weak self] in self?.window.isMinimized ?? false }
        window.onStateChanged { [weak self] in self?.viewerPage.animation.resume() }
    }

    /// The slideshow, from the viewer's photo, or from the gallery's focused row (else its first).
    func startSlideshow() {
        if pages.current == .list {
            open(at: list.bindings.boundRows.first(where: { $0.value.container.parentHasFocus })?.key ?? 0)
        }
        guard pages.current == .viewer else { return }
        slideshow.start()
    }

    /// Leave the viewer without going back to a row (another gallery replaces this one).
    func closeForNewGallery() {
        if pages.current == .viewer { viewerPage.close() }
    }

    /// Back to the list, scrolled so the photo shown last is on screen (unmoved if it already was).
    private func closed(at row: Int) {
        slideshow.stop()
        setHeaderButtons(viewer: false)
        pages.show(.list)
        showListTitle()
        // A new gallery's rows held back are needed now; a folder's photos can go while the
        // viewer shows one: only a row that is there.
        list.addHeldBackRows()
        if row < list.model.count { list.listView.scrollTo(row) }
        list.listView.grabFocus()
    }

    /// The header's buttons for the list alone (sort, list or grid): hidden in the viewer.
    var listButtons: [Widget] = []

    private func setHeaderButtons(viewer: Bool) {
        openButton.visible = !viewer
        for button in listButtons { button.visible = !viewer }
        viewerPage.backButton.visible = viewer
        viewerPage.sepiaButton.visible = viewer
        viewerPage.infoButton.visible = viewer
    }
}
