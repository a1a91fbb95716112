// Why this exists: what the scroll scheduler needs from the list on screen, and from the gallery behind it, so its rules run (and are tested) without a display: GalleryList and PhotoGallery in the app, fakes in the unit tests.
import Foundation
import PhotoPipeline

@MainActor
package protocol OnscreenList: AnyObject {
    /// The rows on screen now, top to bottom. Valid only after layout (in `layoutDone`).
    func visibleRows() -> [Int]
    /// Ask for a layout pass: `layoutDone` follows once the list has been laid out and painted.
    func requestLayout()
    /// At rest, with `visible` on screen: if rows follow them but the screen below them is blank
    /// (GTK 4.8's list after a fast wheel burst past its end), show those rows.
    func revealRowsBelow(_ visible: [Int])
    /// The list was laid out and painted (GTK's frame clock `after-paint`).
    var layoutDone: Listeners<Void> { get }
    /// The list's size or length changed, so other rows may show.
    var resized: Listeners<Void> { get }
    /// A row was bound to a row widget (GTK made it part of the list).
    var rowBound: Listeners<Int> { get }
    /// A row's record changed and its widget, if any, was updated.
    var rowChanged: Listeners<Int> { get }
}

/// The gallery's side of the tutorial's scroll handling.
@MainActor
package protocol ScheduledGallery: AnyObject {
    var count: Int { get }
    /// One of a row's operations started running. (Which rows are wanted, and at what priority,
    /// the gallery asks the scheduler itself: it is the gallery's `RowDemand`.)
    var operationStarted: Listeners<Int> { get }
    /// The tutorial's suspendAllOperations and resumeAllOperations.
    func suspendQueues()
    func resumeQueues()
    /// While the user scrolls, an export's new photos wait; `false` when the scroll ends.
    func pauseExports(_ paused: Bool)
    /// These rows' images are never evicted from memory.
    func pin(_ rows: Set<Int>)
    /// Cancel what is not wanted, start the visible rows first, then the prefetch band.
    @discardableResult
    func loadImagesForOnscreenRows(visible: [Int], prefetch: [Int]) -> [Int]
    /// The rows of `rows` that are not done yet.
    func unsettled(_ rows: [Int]) -> [Int]
    /// When the row's current operation started running (`SchedulerClock.now`'s clock), if it runs.
    func runningSince(_ row: Int) -> Double?
}

extension PhotoGallery: ScheduledGallery {
    package func suspendQueues() { pending.suspendAll() }
    package func resumeQueues() { pending.resumeAll() }
    package func pauseExports(_ paused: Bool) { pending.pauseExports(paused) }
}
