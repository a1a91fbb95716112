// Why this exists: the header's Sort menu: the orders a gallery offers (a folder: name, date taken, date modified, size; a manifest: its own order and name) and ascending or descending, as radio items of the `sort` and `sort-direction` actions; for a folder, Include Subfolders.
import AppLanguage
import GLibRuntime
import Gtk
import PhotoPipeline
import GalleryContents

@MainActor
final class SortMenu {
    let button: MenuButton
    private let folderMenu: Menu
    private let manifestMenu: Menu

    init() {
        folderMenu = Self.menu(keys: [(.name, tr("_Name")), (.dateTaken, tr("Date _Taken")), (.modified, tr("Date _Modified")), (.size, tr("_Size"))])
        let folders = Menu()
        folders.append(tr("Include Sub_folders"), action: "app.subfolders")
        folderMenu.appendSection(folders)
        manifestMenu = Self.menu(keys: [(.own, tr("_Manifest Order")), (.name, tr("_Name"))])
        button = MenuButton(iconName: "view-sort-ascending-symbolic", menu: folderMenu, primary: false)
        button.tooltip = tr("Sort")
        button.setAccessible(label: tr("Sort"))
    }

    private static func menu(keys: [(PhotoOrder.Key, String)]) -> Menu {
        let orders = Menu()
        for (key, label) in keys { orders.append(label, action: "app.sort", target: key.rawValue) }
        let directions = Menu()
        directions.append(tr("_Ascending"), action: "app.sort-direction", target: "ascending")
        directions.append(tr("_Descending"), action: "app.sort-direction", target: "descending")
        let menu = Menu()
        menu.appendSection(orders)
        menu.appendSection(directions)
        return menu
    }

    /// Offer what a gallery of this kind can be sorted by, and show `order` as chosen.
    func show(_ order: PhotoOrder, isFolder: Bool, in application: Application) {
        button.setMenu(isFolder ? folderMenu : manifestMenu)
        button.setIconName(order.descending ? "view-sort-descending-symbolic" : "view-sort-ascending-symbolic")
        application.setActionState("sort", order.key.rawValue)
        application.setActionState("sort-direction", order.descending ? "descending" : "ascending")
    }
}
