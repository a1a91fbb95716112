// Why this exists: Tags (Ctrl+T): tags typed for the viewer's photo, the selection or the focused row, added or removed, each a path of levels where it has them ("Places/Portugal/Lisbon"), several at once separated by commas, completed from the tags the gallery already uses.
import AppLanguage
import Foundation
import Gtk
import MetadataValues

@MainActor
final class TagsDialog {
    let window = Window()
    private let entry = Entry()
    /// The gallery's tags offered as the last tag is typed (each after what comes before it).
    private let completion = EntryCompletion()
    private let used: [String]

    /// Ask over `parent` for tags to add to or remove from `count` photos; `change` gets the change.
    /// `used`: the tags the gallery's photos have, most used first.
    static func present(over parent: Window, count: Int, used: [String], change: @escaping @MainActor (MarksChange) -> Void) {
        let dialog = TagsDialog(count: count, used: used, change: change)
        dialog.window.makeDialog(of: parent)
        dialog.window.present()
        _ = dialog.entry.grabFocus()
        dialog.kept = dialog
    }
    /// Kept until closed: GTK holds the window, and the dialog holds itself.
    private var kept: TagsDialog?

    /// The tags typed: separated by commas, each cleaned as the photos keep them.
    static func tags(_ typed: String) -> [String] { PhotoTags.cleaned(typed.split(separator: ",").map(String.init)) }

    /// What completion offers for `typed`: the tags used, each after the tags typed before the last comma.
    static func offers(_ typed: String, used: [String]) -> [String] {
        guard let comma = typed.lastIndex(of: ",") else { return used }
        let before = typed[...comma] + " "
        let typedTags = Set(tags(String(typed[..<comma])))
        return used.filter { !typedTags.contains($0) }.map { before + $0 }
    }

    private init(count: Int, used: [String], change: @escaping @MainActor (MarksChange) -> Void) {
        self.used = used
        window.title = tr("Tags")
        window.setDefaultSize(width: 440, height: -1)
        let box = Box(.vertical, spacing: 12)
        box.setMargins(18)
        let prompt = Label(fill(trn("Tags to add to the photo or remove from it, separated by commas. A slash makes levels: Places/Portugal/Lisbon.",
                                    "Tags to add to the %s photos or remove from them, separated by commas. A slash makes levels: Places/Portugal/Lisbon.", count), "\(count)"))
        prompt.setWrap(true)
        prompt.setXAlign(0)
        prompt.setMaxWidthChars(56)
        entry.setAccessible(label: tr("Tags"))
        completion.setStrings(used)
        completion.attach(to: entry)
        entry.onChanged { [weak self] in
            guard let self else { return }
            self.completion.setStrings(Self.offers(self.entry.text, used: self.used))
        }
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlign(horizontal: .end)
        let cancel = Button(label: tr("_Cancel"))
        let remove = Button(label: tr("_Remove"))
        let add = Button(label: tr("_Add"))
        add.addCSSClass("suggested-action")
        for button in [cancel, remove, add] { buttons.append(button) }
        box.append(prompt)
        box.append(entry)
        box.append(buttons)
        window.setChild(box)
        let submit: @MainActor (Bool) -> Void = { [weak self] adding in
            guard let self else { return }
            let tags = Self.tags(self.entry.text)
            self.close()
            guard !tags.isEmpty else { return }
            change(adding ? MarksChange(addTags: tags) : MarksChange(removeTags: tags))
        }
        add.onClicked { submit(true) }
        entry.onActivate { submit(true) }
        remove.onClicked { submit(false) }
        cancel.onClicked { [weak self] in self?.close() }
        window.onCloseRequest { [weak self] in
            self?.kept = nil
            return false
        }
    }

    private func close() {
        window.destroy()
        kept = nil
    }
}
