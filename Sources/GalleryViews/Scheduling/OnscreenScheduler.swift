// Why this exists: the tutorial's Fine Tuning on GTK: suspend while scrolling; when it stops, cancel what left the screen, start what is on it, resume, then prefetch.
import Foundation
import PhotoPipeline
import PhotoTrace

/// The rules, each tested in `OnscreenSchedulerTests` without a display:
/// 1. While scrolling, nothing starts: the queues are suspended and no row is wanted.
/// 2. When scrolling ends, after the next layout: work for rows off screen is cancelled, the
///    visible rows start first (highest priority), and the queues resume.
/// 3. Once the visible rows are done, the prefetch band (one screen above and one below) starts
///    at low priority.
/// 4. A visible row that has been running for `stuckAfterSeconds` no longer holds the prefetch back.
/// 5. While a folder's listing still finds photos, nothing starts (its first rows are
///    provisional), for at most `provisionalHoldSeconds`.
/// 6. At rest, every frame's rows on screen are the ones scheduled: whatever moves them without
///    a scroll or a bind (GTK's own relayout, a blank screen below the rows repaired:
///    `revealRowsBelow`) is scheduled like a rest; but not a frame with no row on screen (the
///    viewer covers the list, and its photo's download must go on), even one asked for.
/// 7. A new gallery, before the list's first layout, starts the rows the window is expected to
///    show (`startExpectedScreen`); that layout then schedules them as a rest does.
@MainActor
package final class OnscreenScheduler {
    private let list: OnscreenList
    private let scroll: ScrollState
    private let clock: SchedulerClock
    /// Where scrolls and the rows they show are said.
    private let trace: Trace
    package private(set) var gallery: ScheduledGallery?
    /// The rows on screen at the last update, top to bottom.
    package private(set) var visible: [Int] = []
    package private(set) var prefetchBand: [Int] = []
    /// Set when the visible rows must be recomputed at the next layout.
    private var needsUpdate = false
    private var endingScroll = false
    private var prefetchStarted = false

    package init(list: OnscreenList, scroll: ScrollState, clock: SchedulerClock, trace: Trace) {
        self.trace = trace
        self.list = list
        self.scroll = scroll
        self.clock = clock
        scroll.began.add { [weak self] in self?.scrollBegan() }
        scroll.ended.add { [weak self] in self?.scrollEnded() }
        // Geometry is current only once the frame clock has laid the list out.
        list.layoutDone.add { [weak self] in self?.layoutDone() }
        // A resized window shows other rows: recompute the same way.
        list.resized.add { [weak self] in self?.invalidate() }
        list.rowBound.add { [weak self] _ in self?.invalidate() }
        list.rowChanged.add { [weak self] _ in self?.startPrefetchIfIdle() }
    }

    package var isScrolling: Bool { scroll.isScrolling }

    package func attach(_ gallery: ScheduledGallery?) {
        stuckTimer?.cancel()
        self.gallery = gallery
        // A scroll's paused export belongs to the gallery it began in: it goes on once that
        // gallery is no longer the one scrolled.
        if exportsPausedIn !== gallery {
            exportsPausedIn?.pauseExports(false)
            exportsPausedIn = nil
            if scroll.isScrolling { pauseExports(in: gallery) }
        }
        visible = []
        prefetchBand = []
        prefetchStarted = false
        gallery?.operationStarted.add { [weak self, weak gallery] _ in
            guard let self, let gallery, self.gallery === gallery else { return }
            startPrefetchIfIdle()
        }
        if scroll.isScrolling || isHeld { gallery?.suspendQueues() }
        invalidate()
    }

    /// How long a listing's first rows are held at most: a slow listing (a network mount) shows
    /// the thumbnails of what it has found meanwhile.
    package static let provisionalHoldSeconds = 0.5
    /// A folder's listing still finds photos: its first rows are provisional. The rest is merged
    /// into sorted places, and a tree's first rows are whichever folder was read first, so their
    /// work would be for photos the merge takes off the screen (measured: the whole first screen
    /// decoded twice, and the listing given half the processor meanwhile).
    package private(set) var isHeld = false
    private var holdTimer: ScheduledTimer?

    /// Hold: nothing starts until `releaseHold`, or `provisionalHoldSeconds` from now.
    package func holdWhileListing() {
        holdTimer?.cancel()
        isHeld = true
        gallery?.suspendQueues()
        holdTimer = clock.after(milliseconds: UInt32(Self.provisionalHoldSeconds * 1000)) { [weak self] in self?.releaseHold() }
    }

    /// The listing is whole (or ended, or another gallery loads): the rows on screen start.
    package func releaseHold() {
        holdTimer?.cancel()
        holdTimer = nil
        guard isHeld else { return }
        isHeld = false
        invalidate()
    }

    /// Before the list's first layout no row is known to be on screen, and that layout takes GTK
    /// 30 to 35 ms on a warm start: the first `rows` rows of a gallery just attached (as many as
    /// the window is expected to show; too few is harmless, the layout starts the rest) start
    /// now, so their cache reads and downloads overlap it. The layout's rest then cancels any of
    /// them not on screen. Not for a held listing, whose first rows are provisional.
    package func startExpectedScreen(rows: Int) {
        guard let gallery, visible.isEmpty, needsUpdate, !scroll.isScrolling, !isHeld else { return }
        let expected = Array(0..<min(max(rows, 0), gallery.count))
        guard let first = expected.first, let last = expected.last else { return }
        visible = expected
        trace.emit(.expectedScreen(rows: [first, last]))
        gallery.pin(Set(expected))
        gallery.loadImagesForOnscreenRows(visible: expected, prefetch: [])
        gallery.resumeQueues()
    }

    /// Something changed what may be on screen: recompute after the next layout, unless scrolling
    /// or there is nothing to schedule (no gallery, or `--naive`, which loads rows as they bind).
    package func invalidate() {
        guard !scroll.isScrolling, gallery != nil else { return }
        needsUpdate = true
        list.requestLayout()
    }

    /// The tutorial's suspendAllOperations: queued work waits; rows bound now start nothing.
    /// Suspended before `scroll-begin` is traced, so every `started` traced after it really
    /// began while the user scrolled.
    private func scrollBegan() {
        stuckTimer?.cancel()
        gallery?.suspendQueues()
        pauseExports(in: gallery)
        trace.emit(.scrollBegin)
    }

    /// The gallery whose export waits for the scroll to end.
    private weak var exportsPausedIn: (any ScheduledGallery)?

    private func pauseExports(in gallery: (any ScheduledGallery)?) {
        gallery?.pauseExports(true)
        exportsPausedIn = gallery
    }

    private func scrollEnded() {
        // The export goes on as the scroll ends, not at the next layout (a list hidden by the
        // viewer lays out no rows, and its queues wait for one).
        exportsPausedIn?.pauseExports(false)
        exportsPausedIn = nil
        endingScroll = true
        needsUpdate = true
        list.requestLayout()
    }

    private func layoutDone() {
        guard !scroll.isScrolling else { return }
        if needsUpdate {
            needsUpdate = false
            update()
        } else if gallery != nil, case let now = list.visibleRows(), !now.isEmpty, now != visible {
            // None on screen is a list hidden (the viewer over it) or not laid out yet, not a rest.
            update()
        }
    }

    /// loadImagesForOnscreenCells + resumeAllOperations.
    private func update() {
        let now = list.visibleRows()
        // No row on screen is a list not laid out yet (the rows expected stand) or hidden (the
        // viewer over it, whose photo's download must go on): not a rest, looked at again later.
        if now.isEmpty { needsUpdate = true; return }
        visible = now
        list.revealRowsBelow(visible)
        prefetchBand = []
        prefetchStarted = false
        let range: [Int] = visible.isEmpty ? [] : [visible.first!, visible.last!]
        trace.emit(.visible(rows: range))
        if endingScroll {
            endingScroll = false
            trace.emit(.scrollEnd(visible: range))
        }
        guard let gallery, !isHeld else { return }
        // The images of the rows on screen are never evicted from memory.
        gallery.pin(Set(visible))
        gallery.loadImagesForOnscreenRows(visible: visible, prefetch: [])
        gallery.resumeQueues()
        startPrefetchIfIdle()
    }

    /// A visible row whose operation has run this long without finishing counts as stuck: it no
    /// longer holds the prefetch band back.
    package static let stuckAfterSeconds = 2.0
    private var stuckTimer: ScheduledTimer?

    /// Once the visible rows are done and the user is idle, prefetch one screen above and below.
    /// Rows still unfinished hold it back only while they are new: once each of them has been
    /// running for `stuckAfterSeconds` (a server or a mount that stopped answering), the band
    /// starts anyway; a one-shot timer looks again when that time is up.
    private func startPrefetchIfIdle() {
        stuckTimer?.cancel()
        guard let gallery, !prefetchStarted, !scroll.isScrolling, !needsUpdate, !isHeld,
              let first = visible.first, let last = visible.last else { return }
        let unsettled = gallery.unsettled(visible)
        if !unsettled.isEmpty {
            let starts = unsettled.map { gallery.runningSince($0) }
            guard starts.allSatisfy({ $0 != nil }), let latest = starts.compactMap({ $0 }).max() else { return }
            let waited = clock.now - latest
            guard waited >= Self.stuckAfterSeconds else {
                let remaining = UInt32(((Self.stuckAfterSeconds - waited) * 1000).rounded(.up))
                stuckTimer = clock.after(milliseconds: remaining) { [weak self] in self?.startPrefetchIfIdle() }
                return
            }
        }
        prefetchStarted = true
        let screen = visible.count
        let above = max(0, first - screen)..<first
        let below = (last + 1)..<min(gallery.count, last + 1 + screen)
        prefetchBand = Array(above.reversed()) + Array(below)
        guard !prefetchBand.isEmpty else { return }
        trace.emit(.prefetch(rows: prefetchBand.sorted()))
        gallery.pin(Set(visible + prefetchBand))
        gallery.loadImagesForOnscreenRows(visible: visible, prefetch: prefetchBand)
    }
}

/// The gallery asks the scheduler which rows it wants: those on screen and in the prefetch band,
/// and none while the user scrolls; visible rows first.
extension OnscreenScheduler: RowDemand {
    package func isWanted(_ row: Int) -> Bool {
        !scroll.isScrolling && !isHeld && (visible.contains(row) || prefetchBand.contains(row))
    }

    package func priority(of row: Int) -> Operation.QueuePriority {
        visible.contains(row) ? PhotoGallery.visiblePriority : PhotoGallery.prefetchPriority
    }
}
