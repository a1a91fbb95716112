// Why this exists: the filter bar (Ctrl+F) over a folder gallery: words of the name and `tag:`, `camera:`, `lens:`, `from:`, `to:` typed in one search entry, a rating of at least N stars, picks or rejects, and photos with a position, all combined, with the count shown ("42 of 812 photos").
import AppLanguage
import Foundation
import GalleryContents
import GalleryViews
import Gtk

@MainActor
final class FilterBar {
    let bar = Box(.horizontal, spacing: 6)
    let entry = SearchEntry()
    private let rating = DropDown(strings: [tr("Any rating")] + (1...5).map { String(repeating: "★", count: $0) + (($0 < 5) ? "+" : "") })
    private let flags = DropDown(strings: [tr("All photos"), tr("Picks"), tr("Rejects"), tr("Not flagged")])
    private let located = ToggleButton(label: tr("With location"))
    let count = Label()
    /// The entry took the keyboard (true) or let it go: the window's keys that are also text
    /// editing's (P, X, U, Delete, Ctrl+C, Ctrl+Z) are the entry's meanwhile.
    var typing: (Bool) -> Void = { _ in }
    private let focus = EventControllerFocus()
    /// The filter asked for changed.
    var changed: (PhotoFilter) -> Void = { _ in }
    /// The filter shown now.
    private(set) var filter = PhotoFilter()

    init() {
        bar.addCSSClass("toolbar")
        bar.visible = false
        entry.setPlaceholder(tr("Filter by name, tag:, camera:, lens:, from:, to:"))
        entry.tooltip = tr("Words of the name, and tag:Lisbon camera:X100 lens:35mm from:2024-05-01 to:2024-05-31 (quotes keep spaces)")
        entry.setAccessible(label: tr("Filter"))
        entry.setExpand(horizontal: true)
        rating.setAccessible(label: tr("Rating"))
        rating.tooltip = tr("Rating")
        flags.setAccessible(label: tr("Pick or reject"))
        flags.tooltip = tr("Pick or reject")
        located.tooltip = tr("Only photos that say where they were taken")
        count.addCSSClass("dim-label")
        for widget: Widget in [entry, rating, flags, located, count] { bar.append(widget) }
        entry.onSearchChanged { [weak self] in self?.read() }
        entry.onStopSearch { [weak self] in self?.close() }
        rating.onSelected { [weak self] in self?.read() }
        flags.onSelected { [weak self] in self?.read() }
        located.onToggled { [weak self] in self?.read() }
        focus.onEnter { [weak self] in self?.typing(true) }
        focus.onLeave { [weak self] in self?.typing(false) }
        entry.addController(focus)
    }

    var isOpen: Bool { bar.visible }

    /// Show the bar, the entry focused.
    func open() {
        bar.visible = true
        _ = entry.grabFocus()
    }

    /// Hide the bar and clear it: every photo shows again.
    func close() {
        clearControls()
        read()
    }

    /// Clear it for another gallery, without asking for a filter.
    func reset() {
        filter = PhotoFilter()
        clearControls()
        count.text = ""
    }

    private func clearControls() {
        bar.visible = false
        entry.text = ""
        rating.selected = 0
        flags.selected = 0
        located.isActive = false
    }

    /// "42 of 812 photos" (nothing while it shows them all), or what in the text could not be read.
    func showCount(shown: Int, total: Int) {
        let unreadable = PhotoFilter.parse(entry.text).unreadable
        if let term = unreadable.first {
            count.text = fill(tr("“%s” is not a date"), term)
        } else {
            count.text = filter.isEmpty ? "" : fill(trn("%s of %s photo", "%s of %s photos", total), PhotoCount.number(shown), PhotoCount.number(total))
        }
    }

    private func read() {
        var (filter, _) = PhotoFilter.parse(entry.text)
        filter.minimumRating = rating.selected <= 5 ? rating.selected : 0
        filter.flags = PhotoFilter.Flags.allCases[min(flags.selected, PhotoFilter.Flags.allCases.count - 1)]
        filter.located = located.isActive
        guard filter != self.filter else { return }
        self.filter = filter
        changed(filter)
    }
}
