// Why this exists: the GtkApplication: one window, `activate` opens the sample gallery, `open` opens the file or URL given.
import CGtk
import Foundation
import Gtk
import PhotoPipeline

@MainActor
final class ClassicPhotosApp {
    let application: Application
    let services: AppServices
    private var mainWindow: GalleryWindow?

    init(options: CommandLineOptions) {
        application = Application(id: AppInfo.appID, handlesOpen: true)
        services = AppServices(options: options)
        application.onActivate { [weak self] in
            guard let self else { return }
            let window = self.window()
            if window.source == nil {
                if let sample = DataLocations.sampleManifest { window.load(sample) }
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

    private func window() -> GalleryWindow {
        if let mainWindow { return mainWindow }
        let window = GalleryWindow(application: application, services: services)
        mainWindow = window
        return window
    }

    func run(arguments: [String]) -> Int32 { application.run(arguments: arguments) }
}
