// Why this exists: the operations inspector (Ctrl+Shift+O): each queue's width, suspension and counts with a 30 s chart, the waterfall of recent operations, row badges, controls (width, suspend, cancel all, export) and the session's totals, all read from the trace's own events and updated at most once a frame.
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoFetching
import PhotoTrace

@MainActor
package final class InspectorPanel {
    package let container = Box(.vertical, spacing: 0)
    private let observer: TraceObserver
    /// Its clock: seconds since launch, as the observer's events are stamped.
    private let trace: Trace
    private let queueViews = [InspectorQueueView(stage: .download), InspectorQueueView(stage: .filtration), InspectorQueueView(stage: .viewer),
                              InspectorQueueView(stage: .export)]
    private let waterfall = InspectorWaterfall()
    private let suspendButton = ToggleButton(iconName: "media-playback-pause-symbolic")
    private let badges = Switch()
    private var totals: [Label] = []
    /// What the last export did (where it wrote, or why it could not).
    private let exportStatus = Label()
    private var shownTotals: [String] = []
    private var lastSequence = -1
    private var updateScheduled = false
    private var isOpen = false

    /// The gallery shown (its queues are the ones changed by the controls).
    package var gallery: () -> PhotoGallery? = { nil }
    /// Badges on or off: the rows' sources (nil: off).
    package var onBadges: (([Int: ImageSource]?) -> Void)?
    package var onSelectRow: ((Int) -> Void)?
    package var onClose: (() -> Void)?
    package var onExport: (() -> Void)?

    package init(observer: TraceObserver, trace: Trace) {
        self.observer = observer
        self.trace = trace
        container.setSizeRequest(width: 300, height: -1)
        container.addCSSClass("background")

        let header = Box(.horizontal, spacing: 6)
        header.setMargins(6)
        let title = Label(tr("Operations"))
        title.addCSSClass("heading")
        title.setXAlign(0)
        title.setExpand(horizontal: true)
        let export = Button(iconName: "document-save-symbolic")
        export.tooltip = tr("Export the trace of this session (JSON lines)")
        export.setAccessible(label: tr("Export"))
        export.onClicked { [weak self] in self?.onExport?() }
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = tr("Close the inspector")
        close.setAccessible(label: tr("Close the inspector"))
        close.addCSSClass("flat")
        close.onClicked { [weak self] in self?.onClose?() }
        header.append(title)
        header.append(export)
        header.append(close)
        container.append(header)
        exportStatus.setXAlign(0)
        exportStatus.setWrap(true)
        exportStatus.setMargins(6)
        exportStatus.addCSSClass("caption")
        exportStatus.visible = false
        container.append(exportStatus)

        let body = Box(.vertical, spacing: 12)
        body.setMargins(8)
        for view in queueViews {
            view.onWidthChanged = { [weak self] stage, width in self?.gallery()?.pending.setWidth(stage, width) }
            body.append(view.container)
        }

        let controls = Box(.horizontal, spacing: 6)
        suspendButton.tooltip = tr("Suspend the queues (scrolling will not resume them)")
        suspendButton.setAccessible(label: tr("Suspend the queues"))
        suspendButton.onToggled { [weak self] in
            guard let self else { return }
            self.gallery()?.pending.suspendedByHand = self.suspendButton.isActive
        }
        let cancelAll = Button(label: tr("Cancel _All"))
        cancelAll.tooltip = tr("Cancel every queued and running operation")
        cancelAll.onClicked { [weak self] in self?.gallery()?.cancelAll() }
        controls.append(suspendButton)
        controls.append(cancelAll)
        body.append(controls)

        let badgeRow = Box(.horizontal, spacing: 8)
        let badgeLabel = Label(mnemonic: tr("Show _badges on thumbnails"), for: badges)
        badgeLabel.setXAlign(0)
        badgeLabel.setExpand(horizontal: true)
        badgeRow.append(badgeLabel)
        badgeRow.append(badges)
        badges.setAccessible(label: tr("Show badges on thumbnails"))
        badges.onToggled { [weak self] in self?.refreshBadges() }
        body.append(badgeRow)

        let totalsBox = Box(.vertical, spacing: 2)
        for _ in 0..<5 {
            let label = Label()
            label.setXAlign(0)
            label.setWrap(true)
            label.addCSSClass("caption")
            totalsBox.append(label)
            totals.append(label)
            shownTotals.append("")
        }
        body.append(totalsBox)

        let waterfallTitle = Label(tr("Recent operations"))
        waterfallTitle.addCSSClass("heading")
        waterfallTitle.setXAlign(0)
        body.append(waterfallTitle)
        waterfall.onSelect = { [weak self] row in self?.onSelectRow?(row) }
        waterfall.rowName = { [weak self] row in
            guard let gallery = self?.gallery(), gallery.records.indices.contains(row) else { return nil }
            return gallery.records.entry(row).name
        }
        waterfall.rowURL = { [weak self] row in
            guard let gallery = self?.gallery(), gallery.records.indices.contains(row) else { return nil }
            return gallery.records.entry(row).url?.absoluteString
        }
        body.append(waterfall.list)

        let scrolled = ScrolledWindow()
        scrolled.setPolicy(horizontal: .never, vertical: .automatic)
        scrolled.setChild(body)
        scrolled.setExpand(horizontal: false, vertical: true)
        container.append(scrolled)

        // Events arrive on any thread; the first since the last update asks for one, on the
        // frame clock (at most one a frame, whatever the event rate).
        observer.onChange = { [weak self] in
            MainLoop.invoke { self?.scheduleUpdate() }
        }
    }

    package func showExportStatus(_ text: String) {
        exportStatus.text = text
        exportStatus.visible = true
    }

    /// The panel was shown or hidden; hidden, it reads nothing and costs nothing.
    package func setOpen(_ open: Bool) {
        isOpen = open
        if open { scheduleUpdate() } else if badges.isActive { onBadges?(nil) }
        if open && badges.isActive { refreshBadges() }
    }

    /// At most one update a frame, and no more than 10 a second: numbers that change faster
    /// cannot be read, and each update lays the panel out again.
    package static let minimumInterval = 0.1
    private var lastUpdate = 0.0

    private func scheduleUpdate() {
        guard isOpen, !updateScheduled else { return }
        updateScheduled = true
        let wait = lastUpdate + Self.minimumInterval - ProcessInfo.processInfo.systemUptime
        if wait > 0 {
            // A one-shot wait for the rest of the interval, then the frame clock.
            _ = MainLoop.after(milliseconds: UInt32((wait * 1000).rounded(.up))) { [weak self] in
                self?.updateScheduled = false
                self?.scheduleUpdate()
            }
            return
        }
        // One part of the panel a frame (queues, then the waterfall, then the totals), so no
        // frame pays for laying out and painting the whole panel at once.
        // Events that arrive after the first part has taken them ask for the next update
        // (`updateScheduled` is cleared there); it waits out the interval, by then the parts are done.
        var part = 0
        var taken: Taken?
        container.addTickCallback { [weak self] in
            guard let self else { return false }
            if part == 0 {
                self.lastUpdate = ProcessInfo.processInfo.systemUptime
                self.updateScheduled = false
                taken = self.takeEvents()
            }
            if let taken { self.update(part: part, taken) }
            part += 1
            return part < Self.parts
        }
        container.queueDraw()
    }

    private var sources: [Int: ImageSource] = [:]
    private typealias Taken = (queues: [Stage: QueueCounts], totals: SessionTotals, events: [ObservedEvent], sources: [Int: ImageSource])
    package static let parts = 3

    /// What happened since the last update (and re-arm the observer's notice).
    private func takeEvents() -> Taken {
        let taken = observer.take(after: lastSequence)
        if let last = taken.events.last { lastSequence = last.sequence }
        return taken
    }

    /// One part of an update, each from the same events taken at its start.
    private func update(part: Int, _ taken: Taken) {
        switch part {
        case 0:
            let now = trace.now
            for view in queueViews { view.update(taken.queues[view.stage] ?? QueueCounts(), at: now) }
        case 1:
            waterfall.add(taken.events)
            waterfall.render(now: trace.now)
            followTheClock()
        default:
            showTotals(taken.totals)
            sources = taken.sources
            if badges.isActive { onBadges?(sources) }
        }
    }

    /// While an operation shown is unfinished (a download the server holds, say), its bar and the
    /// queues' charts move on with the clock though no event comes: an update a second, and none
    /// once every one has ended or the panel is closed.
    private var clockArmed = false
    private func followTheClock() {
        guard isOpen, !clockArmed, waterfall.showsUnfinished else { return }
        clockArmed = true
        _ = MainLoop.after(milliseconds: 1000) { [weak self] in
            self?.clockArmed = false
            self?.scheduleUpdate()
        }
    }

    private func refreshBadges() {
        onBadges?(badges.isActive && isOpen ? sources : nil)
    }

    private func showTotals(_ session: SessionTotals) {
        let levels = ImageSource.allCases.map { "\(RowBadge.look($0).letter) \(session.hits[$0] ?? 0)" }.joined(separator: " · ")
        let texts = [
            fill(tr("Downloaded %s in %s requests"), formatSize(session.bytes), String(session.requests)),
            fill(tr("Not modified (304): %s"), String(session.notModified)),
            fill(tr("Images by level: %s"), levels),
            fill(tr("Row queued → sepia: %s on average"), session.meanAppearToSepiaMs.map { String(Int($0.rounded())) + " ms" } ?? "—"),
            fill(tr("Cancelled by scrolling: %s"), String(session.cancelledByScrolling)),
        ]
        for (index, text) in texts.enumerated() where shownTotals[index] != text {
            shownTotals[index] = text
            totals[index].text = text
        }
    }
}
