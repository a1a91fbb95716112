// Why this exists: the main window's header bar: its buttons and menu, the Open and Open Folder choosers they show, and the title it shows for the list (the app's name over "Gallery name · 12,345 photos"; the viewer shows the photo's own).
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

extension GalleryWindow {
    func assembleHeader() {
        openButton.tooltip = tr("Open a gallery manifest")
        openButton.setActionName("app.open")
        header.packStart(openButton)
        header.packStart(viewerPage.backButton)
        header.setTitleWidget(headerTitle.container)
        header.packEnd(PrimaryMenu.make())
        header.packEnd(layoutButton)
        header.packEnd(sortMenu.button)
        showLayoutButton()
        layoutButton.onClicked { [weak self] in
            guard let self else { return }
            self.application.changeActionState("view", (self.list.layout == .list ? GalleryLayout.grid : .list).rawValue)
        }
        loadingSpinner.visible = false
        loadingSpinner.tooltip = tr("Loading the gallery")
        header.packEnd(loadingSpinner)
        header.packEnd(viewerPage.infoButton)
        header.packEnd(viewerPage.sepiaButton)
        window.setTitlebar(header)
    }

    /// "Gallery name · 12,345 photos" (the count grows while a big manifest loads).
    func updateSubtitle() {
        guard let gallery else { listSubtitle = ""; return showListTitle() }
        let name = isShowingSample ? tr("Sample Gallery") : gallery.manifest.title
        listSubtitle = DisplayText.isolate(name) + " · " + photoCountText(gallery)
        showListTitle()
    }

    func showListTitle() {
        guard pages.current != .viewer else { return }
        headerTitle.titleText = AppInfoStrings.appName
        headerTitle.subtitleText = listSubtitle
    }

    func chooseFolder() {
        FolderChooser.choose(parent: window, preferences: services.preferences) { [weak self] url in self?.load(url) }
    }

    func openLocation() {
        OpenLocationDialog.present(over: window) { [weak self] url in self?.load(url) }
    }

    func chooseManifest() {
        ManifestChooser.choose(parent: window, preferences: services.preferences, near: source) { [weak self] url in self?.load(url) }
    }
}
