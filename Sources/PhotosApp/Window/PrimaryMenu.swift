// Why this exists: the primary menu (F10): Open, Open Folder, Reload, Clear Cache, Forget Local Network Permission, Operations, Keyboard Shortcuts, About, Quit.
import GLibRuntime
import Gtk

@MainActor
enum PrimaryMenu {
    static func make() -> MenuButton {
        let menu = Menu()
        let gallery = Menu()
        gallery.append(tr("_Open…"), action: "app.open")
        gallery.append(tr("Open _Folder…"), action: "app.open-folder")
        gallery.append(tr("_Reload"), action: "app.reload")
        gallery.append(tr("_Clear Cache"), action: "app.clear-cache")
        gallery.append(tr("_Forget Local Network Permission"), action: "app.forget-local-network")
        gallery.append(tr("O_perations"), action: "app.operations")
        let app = Menu()
        app.append(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        app.append(tr("_About Classic Photos"), action: "app.about")
        app.append(tr("_Quit"), action: "app.quit")
        menu.appendSection(gallery)
        menu.appendSection(app)
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.tooltip = tr("Main Menu")
        return button
    }
}
