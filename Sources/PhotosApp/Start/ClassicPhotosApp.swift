// Why this exists: the GtkApplication: actions and shortcuts, `activate` (last gallery or the sample) and `open` (the file or URL given).
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import MetadataValues
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import GLibDesktop
import GalleryContents
import PhotoTrace

@MainActor
final class ClassicPhotosApp {
    let application: Application
    let services: AppServices
    private var mainWindow: GalleryWindow?
    private lazy var colorScheme = ColorSchemeFollower(preferences: services.preferences, trace: services.trace)
    private lazy var contrast = ContrastFollower(trace: services.trace)
    private lazy var textScale = TextScaleFollower(trace: services.trace)

    init(options: CommandLineOptions, sandbox: DecoderSandbox, renderer: RendererChoice, trace: Trace) {
        application = Application(id: AppInfo.appID, handlesOpen: true)
        services = AppServices(options: options, sandbox: sandbox, trace: trace)
        services.trace.emit(.settings(persistent: services.preferences.isPersistent))
        services.sandbox.remember(services.preferences.decodesWithoutSandbox)
        services.sandbox.ask = { [weak self] why in self?.askSandboxConsent(why) }
        services.sandbox.onChoiceChanged = { [weak self] in self?.mainWindow?.reload() }
        application.onStartup { [weak self] in
            // GTK is initialized, no window is realized yet: the moment to pick the renderer.
            self?.services.renderer = renderer.apply()
            self?.addActions()
            self?.colorScheme.start()
            self?.contrast.start()
            self?.textScale.start()
            self?.services.displayColour.start()
        }
        application.onActivate { [weak self] in
            guard let self else { return }
            let window = self.window()
            let interrupted = self.services.preferences.loadingGallery
            if window.source == nil, !interrupted.isEmpty {
                self.services.preferences.loadingGallery = ""
                window.showInterrupted(interrupted)
            } else if window.source == nil, let start = self.startingManifest {
                window.load(start)
            }
            window.present()
        }
        application.onOpen { [weak self] uris in
            guard let self, let uri = uris.first else { return }
            let window = self.window()
            window.load(URL(string: uri) ?? ManifestLoader.sourceURL(for: uri))
            window.present()
        }
    }

    /// A folder in the desktop's file manager; a note in the window if that cannot be.
    func showFolder(_ uri: String) {
        FolderInFileManager.show(uri, appID: AppInfo.appID) { [weak self] reason in
            guard let reason, let self else { return }
            self.window().note.show(fill(tr("Could not show the folder: %s"), reason), failed: true)
        }
    }

    /// The gallery opened last, or the bundled sample gallery.
    private var startingManifest: URL? {
        let last = services.preferences.lastManifest
        if !last.isEmpty, let url = URL(string: last) { return url }
        return DataLocations.sampleManifest
    }

    /// Where bubblewrap cannot run: ask whether photos are decoded without it (the dialog over
    /// the window); the answer is remembered, and the menu's check item follows it.
    func askSandboxConsent(_ why: Words) {
        let window = self.window()
        window.sandboxNotice.onAsk = { [weak self] in self?.askSandboxConsent(why) }
        SandboxConsentDialog.present(over: window.window, why: why, landlock: services.sandbox.landlock ?? HelperPool.landlockAvailable) { [weak self] allowed in
            guard let self else { return }
            services.sandbox.choose(allowed, preferences: self.services.preferences)
            self.application.setActionState("unsandboxed-decoding", allowed)
        }
    }

    private func addActions() {
        application.addAction("open", accels: ["<Primary>o"]) { [weak self] in self?.window().chooseManifest() }
        // Ctrl+Shift+O is the operations inspector's; Ctrl+Alt+O opens a folder.
        application.addAction("open-folder", accels: ["<Primary><Alt>o"]) { [weak self] in self?.window().chooseFolder() }
        application.addAction("open-location", accels: ["<Primary>l"]) { [weak self] in self?.window().openLocation() }
        application.addAction("reload", accels: ["F5"]) { [weak self] in self?.mainWindow?.reload() }
        application.addAction("clear-cache") { [weak self] in self?.services.clearCaches() }
        application.addAction("forget-local-network") { [weak self] in self?.mainWindow?.forgetLocalNetworkPermission() }
        application.addAction("operations", accels: ["<Primary><Shift>o"]) { [weak self] in self?.window().toggleInspector() }
        // Decoding without bubblewrap (offered only where it cannot run): on asks first, off withdraws at once.
        application.addToggleAction("unsandboxed-decoding", state: services.sandbox.allowsUnsandboxed) { [weak self] wanted in
            guard let self else { return }
            if wanted {
                self.application.setActionState("unsandboxed-decoding", false)
                if let why = services.sandbox.lost { self.askSandboxConsent(why) }
            } else {
                services.sandbox.choose(false, preferences: self.services.preferences)
            }
        }
        services.sandbox.observe { [weak self] in
            guard let self else { return }
            self.application.setActionEnabled("unsandboxed-decoding", services.sandbox.lost != nil)
            self.application.setActionState("unsandboxed-decoding", services.sandbox.decodesUnsandboxed)
        }
        application.addAction("export-trace", accels: ["<Primary><Shift>e"]) { [weak self] in self?.window().exportTrace() }
        application.addAction("save-as", accels: ["<Primary>s"]) { [weak self] in self?.window().savePhoto() }
        application.addAction("copy", accels: ["<Primary>c"]) { [weak self] in self?.window().copyPhoto() }
        application.addAction("print", accels: ["<Primary>p"]) { [weak self] in self?.window().printPhoto() }
        application.addAction("set-background", accels: ["<Primary>F8"]) { [weak self] in self?.window().setBackground() }
        SetBackground.offer(in: application)
        application.addAction("open-with") { [weak self] in self?.window().openPhotoWith() }
        application.addAction("trash", accels: ["Delete", "KP_Delete"]) { [weak self] in self?.window().trashPhoto() }
        application.addAction("delete", accels: ["<Shift>Delete", "<Shift>KP_Delete"]) { [weak self] in self?.window().deletePhoto() }
        application.addAction("rotate-clockwise", accels: ["<Primary>r"]) { [weak self] in self?.window().rotatePhoto(.clockwise) }
        application.addAction("rotate-anticlockwise", accels: ["<Primary><Shift>r"]) { [weak self] in self?.window().rotatePhoto(.anticlockwise) }
        // Rate (0 to 5 stars), Pick, Reject and Unflag: kept in each photo's XMP.
        application.addAction("rate", integer: { [weak self] stars in self?.window().markPhotos(MarksChange(rating: stars)) },
                              accels: Dictionary(uniqueKeysWithValues: (0...5).map { ($0, ["<Alt>\($0)", "<Alt>KP_\($0)"]) }))
        application.addAction("pick", accels: ["p"]) { [weak self] in self?.window().markPhotos(MarksChange(flag: .pick)) }
        application.addAction("reject", accels: ["x"]) { [weak self] in self?.window().markPhotos(MarksChange(flag: .reject)) }
        application.addAction("tags", accels: ["<Primary>t"]) { [weak self] in self?.window().tagPhotos() }
        application.addAction("unflag", accels: ["u"]) { [weak self] in self?.window().markPhotos(MarksChange(flag: PhotoMarks.Flag.none)) }
        application.addAction("find", accels: ["<Primary>f"]) { [weak self] in self?.window().toggleFilter() }
        application.addAction("filter") { [weak self] (text: String) in self?.window().setFilterText(text) }
        application.addAction("trash-rejects") { [weak self] in self?.window().trashRejects() }
        application.addAction("undo", accels: ["<Primary>z"]) { [weak self] in self?.mainWindow?.edits.undo() }
        application.addAction("export-gallery") { [weak self] in self?.window().exportGallery() }
        application.addAction("slideshow", accels: ["<Shift>F5"]) { [weak self] in self?.window().navigation.startSlideshow() }
        application.addStatefulAction("slideshow-interval", state: "\(services.preferences.slideshowInterval)") { [weak self] value in
            self?.services.preferences.slideshowInterval = Int32(value) ?? 5
        }
        application.addToggleAction("slideshow-loop", state: services.preferences.slideshowLoops) { [weak self] loops in
            self?.services.preferences.slideshowLoops = loops
        }
        // The export's notification: Open Folder (with the folder), and a click on it shows the window.
        application.addAction("show-folder") { [weak self] uri in self?.showFolder(uri) }
        application.addAction("show-export") { [weak self] in self?.mainWindow?.present() }
        application.addStatefulAction("style", state: services.preferences.style) { [weak self] style in self?.colorScheme.setStyle(style) }
        // The rows' thumbnail size: the menu's choice, and Ctrl+plus, Ctrl+minus, Ctrl+0 stepping it.
        // The list or the grid (the header's switch, Ctrl+1, Ctrl+2); the thumbnail size follows the layout's own.
        let layout = services.options.layout ?? services.preferences.layout
        application.addStatefulAction("view", state: layout.rawValue) { [weak self] value in
            guard let self, let layout = GalleryLayout(rawValue: value) else { return }
            self.window().setLayout(layout)
            self.application.changeActionState("thumbnail-size", "\(self.window().list.thumbnailSize)")
        }
        // The header's Sort menu: the gallery shown sorted by a key, ascending or descending.
        application.addStatefulAction("sort", state: PhotoOrder.Key.name.rawValue) { [weak self] value in
            if let key = PhotoOrder.Key(rawValue: value) { self?.window().sort(key: key) }
        }
        application.addStatefulAction("sort-direction", state: "ascending") { [weak self] value in
            self?.window().sort(descending: value == "descending")
        }
        // A folder with the photos of all its subfolders (the Sort menu's check item).
        application.addToggleAction("subfolders", state: false) { [weak self] included in self?.window().setSubfolders(included) }
        application.setAccels(for: "app.view::list", ["<Primary>1"])
        application.setAccels(for: "app.view::grid", ["<Primary>2"])
        application.addStatefulAction("thumbnail-size", state: "\(services.options.thumbnailSize ?? services.preferences.thumbnailSize(for: layout))") { [weak self] value in
            if let size = Int32(value) { self?.window().setThumbnailSize(size) }
        }
        for (name, direction, accels) in [("thumbnails-larger", 1, ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]),
                                          ("thumbnails-smaller", -1, ["<Primary>minus", "<Primary>KP_Subtract"]),
                                          ("thumbnails-standard", 0, ["<Primary>0", "<Primary>KP_0"])] {
            application.addAction(name, accels: accels) { [weak self] in
                guard let self, let size = self.window().thumbnailStep(direction) else { return }
                self.application.changeActionState("thumbnail-size", "\(size)")
            }
        }
        application.addAction("help", accels: ["F1"]) { [weak self] in
            guard let self else { return }
            HelpManual.show(note: self.window().note, trace: self.services.trace)
        }
        application.addAction("shortcuts", accels: ["<Primary>question"]) { [weak self] in
            guard let self else { return }
            ShortcutsWindow.present(parent: self.window().window)
        }
        application.addAction("about") { [weak self] in
            guard let self else { return }
            AboutWindow.present(parent: self.window().window)
        }
        application.addAction("quit", accels: ["<Primary>q"]) { [weak self] in
            let quit: @MainActor () -> Void = { [weak self] in
                self?.mainWindow?.saveWindowState()
                self?.services.trace.emit(.closing(by: "quit"))
                self?.application.quit()
            }
            if let window = self?.mainWindow { window.quit(quit) } else { quit() }
        }
        application.setAccels(for: "win.close", ["<Primary>w"])
    }

    private func window() -> GalleryWindow {
        if let mainWindow { return mainWindow }
        let window = GalleryWindow(application: application, services: services)
        let preferences = services.preferences
        window.navigation.slideshow.interval = { preferences.slideshowInterval }
        window.navigation.slideshow.loops = { preferences.slideshowLoops }
        mainWindow = window
        return window
    }

    func run(arguments: [String]) -> Int32 { application.run(arguments: arguments) }
}
