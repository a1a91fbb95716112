// Why this exists: the tutorial's Fine Tuning on GTK: suspend while scrolling; when it stops, cancel what left the screen, start what is on it, resume, then prefetch.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class OnscreenScheduler {
    private let list: GalleryList
    private let tracker: ScrollTracker
    private(set) var gallery: PhotoGallery?
    /// The rows on screen at the last update, top to bottom.
    private(set) var visible: [Int] = []
    private(set) var prefetchBand: [Int] = []
    /// Set when the visible rows must be recomputed at the next `after-paint`.
    private var needsUpdate = false
    private var endingScroll = false
    private var prefetchStarted = false

    init(list: GalleryList) {
        self.list = list
        tracker = ScrollTracker(scrolled: list.scrolled)
        tracker.onBegin = { [weak self] in self?.scrollBegan() }
        tracker.onEnd = { [weak self] in self?.scrollEnded() }
        // Geometry is current only once the frame clock has laid the list out.
        list.listView.onAfterPaint { [weak self] in self?.afterPaint() }
        // A resized window shows other rows: recompute the same way.
        list.scrolled.vadjustment.onChanged { [weak self] in self?.invalidate() }
        list.onRowBound = { [weak self] _ in self?.invalidate() }
        list.onRowChanged = { [weak self] _ in self?.startPrefetchIfIdle() }
        list.onOperationStarted = { [weak self] _ in self?.startPrefetchIfIdle() }
    }

    var isScrolling: Bool { tracker.isScrolling }

    func attach(_ gallery: PhotoGallery?) {
        MainLoop.cancel(stuckTimer)
        self.gallery = gallery
        visible = []
        prefetchBand = []
        prefetchStarted = false
        gallery?.isRowWanted = { [weak self] row in
            guard let self, !self.tracker.isScrolling else { return false }
            return self.visible.contains(row) || self.prefetchBand.contains(row)
        }
        gallery?.priorityForRow = { [weak self] row in
            self?.visible.contains(row) == true ? PhotoGallery.visiblePriority : PhotoGallery.prefetchPriority
        }
        if tracker.isScrolling { gallery?.pending.suspendAll() }
        invalidate()
    }

    /// Something changed what may be on screen: recompute at the next frame, unless scrolling.
    func invalidate() {
        guard !tracker.isScrolling else { return }
        needsUpdate = true
        list.listView.queueDraw()
    }

    /// The tutorial's suspendAllOperations: queued work waits; rows bound now start nothing.
    private func scrollBegan() {
        MainLoop.cancel(stuckTimer)
        Trace.shared.emit(.scrollBegin)
        gallery?.pending.suspendAll()
    }

    private func scrollEnded() {
        endingScroll = true
        needsUpdate = true
        list.listView.queueDraw()
    }

    private func afterPaint() {
        guard needsUpdate, !tracker.isScrolling else { return }
        needsUpdate = false
        update()
    }

    /// loadImagesForOnscreenCells + resumeAllOperations.
    private func update() {
        visible = VisibleRows.compute(list.bindings, in: list.scrolled)
        prefetchBand = []
        prefetchStarted = false
        let range: [Int] = visible.isEmpty ? [] : [visible.first!, visible.last!]
        Trace.shared.emit(.visible(rows: range))
        if endingScroll {
            endingScroll = false
            Trace.shared.emit(.scrollEnd(visible: range))
        }
        guard let gallery else { return }
        // The images of the rows on screen are never evicted from memory.
        gallery.pin(Set(visible))
        gallery.loadImagesForOnscreenRows(visible: visible)
        gallery.pending.resumeAll()
        startPrefetchIfIdle()
    }

    /// A visible row whose operation has run this long without finishing counts as stuck: it no
    /// longer holds the prefetch band back.
    static let stuckAfterSeconds = 2.0
    private var stuckTimer = MainLoop.Timeout.none

    /// Once the visible rows are done and the user is idle, prefetch one screen above and below.
    /// Rows still unfinished hold it back only while they are new: once each of them has been
    /// running for `stuckAfterSeconds` (a server or a mount that stopped answering), the band
    /// starts anyway; a one-shot timer looks again when that time is up.
    private func startPrefetchIfIdle() {
        MainLoop.cancel(stuckTimer)
        guard let gallery, !prefetchStarted, !tracker.isScrolling, !needsUpdate,
              let first = visible.first, let last = visible.last else { return }
        let unsettled = gallery.unsettled(visible)
        if !unsettled.isEmpty {
            let starts = unsettled.map { gallery.runningSince($0) }
            guard starts.allSatisfy({ $0 != nil }), let latest = starts.compactMap({ $0 }).max() else { return }
            let waited = ProcessInfo.processInfo.systemUptime - latest
            guard waited >= Self.stuckAfterSeconds else {
                let remaining = UInt32(((Self.stuckAfterSeconds - waited) * 1000).rounded(.up))
                stuckTimer = MainLoop.after(milliseconds: remaining) { [weak self] in self?.startPrefetchIfIdle() }
                return
            }
        }
        prefetchStarted = true
        let screen = visible.count
        let above = max(0, first - screen)..<first
        let below = (last + 1)..<min(gallery.count, last + 1 + screen)
        prefetchBand = Array(above.reversed()) + Array(below)
        guard !prefetchBand.isEmpty else { return }
        Trace.shared.emit(.prefetch(rows: prefetchBand.sorted()))
        gallery.pin(Set(visible + prefetchBand))
        gallery.loadImagesForOnscreenRows(visible: visible, prefetch: prefetchBand)
    }
}
