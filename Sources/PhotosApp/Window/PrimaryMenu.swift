// Why this exists: the primary menu (F10): the gallery's (Open, Open Folder, Open Location, Reload, Export Gallery, Clear Cache, Forget Local Network Permission, Operations, and Decode Photos Without Sandbox where bubblewrap cannot run), the photo's (Save As, Copy, Print, Set as Background (hidden where the desktop cannot), Open With, Rotate, Move to Trash, Slideshow and its options), the style (the system's, light, dark), list or grid and the thumbnail size, and the app's (Keyboard Shortcuts, Help, About, Quit).
import GalleryViews
import AppLanguage
import GLibRuntime
import Gtk

@MainActor
enum PrimaryMenu {
    static func make() -> MenuButton {
        let menu = Menu()
        let gallery = Menu()
        gallery.append(tr("_Open…"), action: "app.open")
        gallery.append(tr("Open _Folder…"), action: "app.open-folder")
        gallery.append(tr("Open _Location…"), action: "app.open-location")
        gallery.append(tr("_Reload"), action: "app.reload")
        gallery.append(tr("_Export Gallery…"), action: "app.export-gallery")
        gallery.append(tr("_Clear Cache"), action: "app.clear-cache")
        gallery.append(tr("_Forget Local Network Permission"), action: "app.forget-local-network")
        gallery.append(tr("O_perations"), action: "app.operations")
        // Only where bubblewrap cannot run: the user's choice, withdrawn or given here.
        gallery.append(tr("Decode Photos _Without Sandbox"), action: "app.unsandboxed-decoding", hiddenWhenDisabled: true)
        let photo = Menu()
        photo.append(tr("_Save As…"), action: "app.save-as")
        photo.append(tr("_Copy"), action: "app.copy")
        photo.append(tr("_Print…"), action: "app.print")
        photo.append(tr("Set as _Background"), action: "app.set-background", hiddenWhenDisabled: true)
        photo.append(tr("Open _With Another App…"), action: "app.open-with")
        photo.append(tr("Rotate C_lockwise"), action: "app.rotate-clockwise")
        photo.append(tr("Rotate _Anticlockwise"), action: "app.rotate-anticlockwise")
        let rate = Menu()
        rate.append(tr("_No Stars"), action: "app.rate(0)")
        for stars in 1...5 {
            // Translators: a rating of a photo, from 1 to 5 stars.
            rate.append(fill(trn("%s Star", "%s Stars", stars), "\(stars)"), action: "app.rate(\(stars))")
        }
        rate.appendSection({
            let flags = Menu()
            flags.append(tr("_Pick"), action: "app.pick")
            flags.append(tr("_Reject"), action: "app.reject")
            flags.append(tr("_Clear Pick or Reject"), action: "app.unflag")
            flags.append(tr("_Tags…"), action: "app.tags")
            flags.append(tr("Move Rejects to T_rash"), action: "app.trash-rejects")
            return flags
        }())
        photo.appendSubmenu(tr("_Rate, Flag and Tag"), rate)
        photo.append(tr("Move to _Trash"), action: "app.trash")
        photo.append(tr("_Filter…"), action: "app.find")
        photo.append(tr("_Slideshow"), action: "app.slideshow")
        let slideshow = Menu()
        for seconds in [3, 5, 10] {
            // Translators: how long the slideshow shows each photo.
            slideshow.append(fill(tr("%s Seconds Each"), "\(seconds)"), action: "app.slideshow-interval", target: "\(seconds)")
        }
        slideshow.append(tr("_Loop"), action: "app.slideshow-loop")
        photo.appendSubmenu(tr("Slideshow _Options"), slideshow)
        let style = Menu()
        style.append(tr("Follow the _System Style"), action: "app.style", target: "follow")
        style.append(tr("_Light Style"), action: "app.style", target: "light")
        style.append(tr("_Dark Style"), action: "app.style", target: "dark")
        let sizes = Menu()
        for size in ThumbnailSizes.steps {
            // Translators: a thumbnail size in the primary menu, in points.
            sizes.append(fill(tr("%s × %s pixels"), "\(size)", "\(size)"), action: "app.thumbnail-size", target: "\(size)")
        }
        let thumbnails = Menu()
        thumbnails.append(tr("_List"), action: "app.view", target: "list")
        thumbnails.append(tr("_Grid"), action: "app.view", target: "grid")
        thumbnails.appendSubmenu(tr("_Thumbnail Size"), sizes)
        let app = Menu()
        app.append(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        app.append(tr("_Help"), action: "app.help")
        app.append(tr("_About Classic Photos"), action: "app.about")
        app.append(tr("_Quit"), action: "app.quit")
        menu.appendSection(gallery)
        menu.appendSection(photo)
        menu.appendSection(style)
        menu.appendSection(thumbnails)
        menu.appendSection(app)
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.tooltip = tr("Main Menu")
        return button
    }
}
