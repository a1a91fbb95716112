// Why this exists: the window follows the display's colours: when its profile changes, the rows and the viewer draw their images again.
import GalleryViews

@MainActor
extension GalleryWindow {
    /// The display's colours changed: the rows and the viewer draw their images again.
    func followDisplayColours() {
        services.displayColour.onChange { [weak self] in
            self?.list.redrawImages()
            self?.viewerPage.refresh()
        }
    }
}
