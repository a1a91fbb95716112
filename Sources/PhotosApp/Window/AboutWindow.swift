// Why this exists: the About dialog, whose credits name the sample photos' sources and licences.
import AppLanguage
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoDecoding

@MainActor
enum AboutWindow {
    /// The sample photos, as data/sample-gallery/photos/CREDITS.md records them.
    static var photoCredits: [String] {
        let publicDomain = tr("public domain")
        return [
            tr("Astronaut Eileen Collins, NASA") + " — " + publicDomain,
            tr("Cameraman, photographed by Lav Varshney") + " — CC0",
            tr("Chelsea the cat, photographed by Stefan van der Walt") + " — CC0",
            tr("Coffee cup, photographed by Rachel Michetti") + " — CC0",
            tr("Rear Admiral Grace Hopper, US Navy") + " — " + publicDomain,
            tr("Hubble eXtreme Deep Field, NASA") + " — " + publicDomain,
            tr("DSCOVR launch on Falcon 9, SpaceX") + " — " + publicDomain,
            tr("Fundus photograph of a left eye, Wikimedia") + " — CC0",
            tr("Brick, grass and gravel textures, CC0Textures") + " — CC0",
            tr("Motion-blurred wall clock, photographed by Stefan van der Walt") + " — " + publicDomain,
            tr("Horse silhouette by Andreas Preuss, openclipart") + " — CC0",
            tr("Cell in saline, phase image") + " — CC0",
            tr("Text and corners") + " — " + publicDomain,
            tr("Gift box by Minduka, openclipart") + " — CC0",
            tr("Retina microaneurysms, Andreas Maier") + " — CC0",
            tr("Collected in the scikit-image and Matplotlib sample data"),
        ]
    }

    static func present(parent: ApplicationWindow) {
        let about = AboutDialog(parent: parent)
        about.set(programName: tr("Classic Photos"), version: AppInfo.version,
                  comments: tr("A photo gallery that downloads, decodes and sepia-filters photos in the background while you scroll."),
                  website: "https://github.com/classicphotos/classic-photos",
                  logoIconName: AppInfo.appID, license: .mitX11,
                  copyright: tr("© 2026 the Classic Photos developers"))
        about.setAuthors([tr("The Classic Photos developers")])
        about.setTranslatorCredits(tr("translator-credits"))
        about.addCreditSection(tr("Sample photos"), people: photoCredits)
        about.present()
    }
}
