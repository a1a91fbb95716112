// Why this exists: the viewer's side of the pipeline: which photo is open, its full image and its neighbours' (at most three held), each loaded by an operation on the viewer queue that depends on the row's download when one is in flight.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import GalleryContents
import PhotoTrace

/// A photo decoded for the viewer.
public struct FullImage: Sendable {
    public let image: Thumbnail
    public let sepia: Bool
    public let details: FullImageDetails
    /// Decoded at full size (or as large as the budget allows), not just to fit the screen.
    public let fullResolution: Bool
    /// Whether this image shows the photo's every pixel it may (nothing sharper would come).
    public var isSharpest: Bool { fullResolution || (image.width >= details.width && image.height >= details.height) }
    /// The side it was rendered at, for a drawing zoomed in (nil: fitted to the screen).
    public let drawingSide: Int?
    /// A drawing (SVG): rendered again, sharper, as it is zoomed in.
    public var isDrawing: Bool { details.drawingSize != nil }
}

/// Opens one row of a gallery at a time. Loads go through `PendingOperations.viewerQueue` with
/// the same rules as the list's: one operation per row, cancelled when the user moves away,
/// completions that do nothing once cancelled, results applied on the main loop.
@MainActor
public final class PhotoViewer {
    public let gallery: PhotoGallery
    /// Where its loads and moves are said: its gallery's trace.
    var trace: Trace { gallery.trace }
    /// The row shown, while the viewer is open.
    public private(set) var row: Int?
    /// Show the sepia version (the list's) or the original.
    public private(set) var sepia = true

    /// Full images held: the row shown and its two neighbours, no more.
    var held: [Int: FullImage] = [:]
    /// Why a row's full image could not be made (the row's own failure is the gallery's).
    var failures: [Int: StageFailure] = [:]
    /// Bytes received and expected for rows the viewer downloads itself.
    var received: [Int: (Int, Int?)] = [:]
    /// When the viewer first asked for the row shown (system uptime), for the trace.
    public private(set) var askedAt: Double = 0
    /// The row shown is zoomed past its screen-sized image: it is wanted at full size.
    var fullResolutionWanted = false
    /// The row shown is a drawing zoomed past its rendering: it is wanted drawn this large.
    var drawingSideWanted: Int?

    /// Files Rotate turned, by URL, as it left them, whose image held was turned in memory.
    var turnedInMemory: [String: FileStamp] = [:]
    /// Reports of files that came while Rate and Flag were writing them: the row and the file as
    /// reported, by URL, judged once the write has ended (`judgeReportAfterTheWrite`).
    var reportsAfterTheWrite: [String: (row: Int, stamp: FileStamp?)] = [:]

    /// The row whose animation is being read, and the operation reading it (one at a time).
    var animationRead: (row: Int, operation: PhotoOperation)?

    /// A row's full image arrived, failed, or its load started or progressed: the app redraws it if shown.
    public var onRowChanged: ((Int) -> Void)?

    /// The display's colours: a photo is converted for them on its worker (nil: not converted).
    let screen: ScreenColours?

    public init(gallery: PhotoGallery, screen: ScreenColours? = nil) {
        self.gallery = gallery
        self.screen = screen
        gallery.openViewer = self
    }

    var pending: PendingOperations { gallery.pending }

    // MARK: what the app shows

    public func image(for row: Int) -> FullImage? { held[row] }
    /// The reason a row cannot be shown: the list's failure, or the viewer's own.
    public func failure(for row: Int) -> StageFailure? {
        guard gallery.records.indices.contains(row) else { return nil }
        let record = gallery.records[row]
        if record.state == .failed, !Self.readsPastTheList(record) { return record.failure }
        return failures[row]
    }

    /// A photo of this computer's or a share's that the list refused only for its size: the
    /// viewer reads it whole when it is opened, within its own limit.
    static func readsPastTheList(_ record: PhotoRecord) -> Bool {
        record.state == .failed && record.failure?.code == .tooLarge && record.url.map { ResourceFetcher.isFile($0) } == true
    }
    /// The fraction received, when the viewer downloads the photo itself and knows its size.
    public func progress(for row: Int) -> Double? {
        guard let (bytes, total) = received[row], let total, total > 0 else { return nil }
        return min(1, Double(bytes) / Double(total))
    }
    /// Rows whose full image is held now (tests check the bound of three).
    public var heldRows: [Int] { held.keys.sorted() }

    // MARK: moving

    public func open(_ row: Int) {
        guard gallery.records.indices.contains(row) else { return }
        self.row = row
        trace.emit(.viewer(row: row, action: .opened))
        show(row)
    }

    public func move(to row: Int) {
        guard gallery.records.indices.contains(row), row != self.row else { return }
        self.row = row
        fullResolutionWanted = false
        drawingSideWanted = nil
        trace.emit(.viewer(row: row, action: .moved))
        show(row)
    }

    /// Leave the viewer: every load is cancelled (its transfer aborted) and the images dropped.
    public func close() {
        guard let row else { return }
        cancelAnimationRead()
        for loading in Array(pending.viewersInProgress.keys) { cancel(loading) }
        held.removeAll()
        failures.removeAll()
        received.removeAll()
        self.row = nil
        fullResolutionWanted = false
        drawingSideWanted = nil
        trace.emit(.viewer(row: row, action: .closed))
    }

    /// The folder shown changed (the gallery applied it first): the viewer's rows move with it; a
    /// photo whose file changed is loaded again; if the photo shown went, its neighbour shows.
    /// Returns false when the gallery has no photo left (the app leaves the viewer).
    public func apply(_ change: FolderChange) -> Bool {
        func moved<Value>(_ map: [Int: Value]) -> [Int: Value] {
            Dictionary(uniqueKeysWithValues: map.compactMap { row, value in change.position(of: row).map { ($0, value) } })
        }
        held = moved(held)
        failures = moved(failures)
        received = moved(received)
        // A file changed: its image goes, unless the change is the app's own turn or marks, shown already.
        let reload = change.changed.filter { !changeIsTurnApplied($0, change) && !changeIsMarkApplied($0, change) }
        for row in reload {
            // A load in flight may have read the file as it was: it is started again.
            cancel(row)
            held[row] = nil
            failures[row] = nil
        }
        guard let shown = row else { return true }
        if let position = change.position(of: shown) {
            row = position
            if reload.contains(position) { show(position) }
            return true
        }
        guard let neighbour = change.neighbour(of: shown) else {
            close()
            return false
        }
        row = neighbour
        fullResolutionWanted = false
        drawingSideWanted = nil
        trace.emit(.viewer(row: neighbour, action: .moved))
        show(neighbour)
        return true
    }

    /// The row an operation of the viewer serves now (rows move when a folder changes).
    func row(of operation: PhotoOperation) -> Int? {
        let row = operation.row
        return pending.viewersInProgress[row] === operation ? row : nil
    }

    /// Switch between the sepia version and the original: the row shown is made again from the
    /// bytes held, then its neighbours.
    public func setSepia(_ on: Bool) {
        guard on != sepia else { return }
        sepia = on
        guard let row else { return }
        for loading in Array(pending.viewersInProgress.keys) { cancel(loading) }
        askedAt = ProcessInfo.processInfo.systemUptime
        load(row, priority: .veryHigh, fullResolution: fullResolutionWanted, drawingSide: drawingSideWanted)
    }

    /// The user zoomed the row shown past its screen-sized image: decode it at full size, from
    /// the bytes held (once the screen-sized load, if running, has finished).
    public func wantFullResolution() {
        guard let row, !fullResolutionWanted else { return }
        fullResolutionWanted = true
        if let held = held[row], !held.isSharpest, pending.viewersInProgress[row] == nil {
            load(row, priority: .veryHigh, fullResolution: true)
        }
    }

    /// The user zoomed the drawing shown (an SVG) past its rendering: render it again with
    /// `side` pixels on its longest side (within the viewer's limits), from the bytes held. The
    /// one shown stays until the sharper one replaces it.
    public func wantDrawing(side: Int) {
        guard let row, let shown = held[row], shown.isDrawing else { return }
        // A rendering the pixel cap made smaller than asked: nothing sharper can come.
        if let asked = shown.drawingSide, max(shown.image.width, shown.image.height) < asked { return }
        let side = min(side, gallery.settings.viewerMaxDimension)
        guard side > max(shown.image.width, shown.image.height), side > (drawingSideWanted ?? 0) else { return }
        drawingSideWanted = side
        if pending.viewersInProgress[row] == nil { load(row, priority: .veryHigh, drawingSide: side) }
    }

    /// Try a failed row again: the list's download (the viewer waits on it), or the viewer's own load.
    public func retry() {
        guard let row else { return }
        failures[row] = nil
        if gallery.records[row].state == .failed { gallery.retry(row: row) }
        askedAt = ProcessInfo.processInfo.systemUptime
        load(row, priority: .veryHigh)
        onRowChanged?(row)
    }

    private func show(_ row: Int) {
        if animationRead?.row != row { cancelAnimationRead() }
        askedAt = ProcessInfo.processInfo.systemUptime
        let window = Set([row - 1, row, row + 1])
        for loading in Array(pending.viewersInProgress.keys) where !window.contains(loading) { cancel(loading) }
        for (kept, _) in held where !window.contains(kept) { held[kept] = nil }
        failures = failures.filter { window.contains($0.key) }
        // A neighbour held at full size (or drawn zoomed in) goes back to screen size when it is not shown.
        for (kept, image) in held where kept != row && (image.fullResolution || image.drawingSide != nil) { held[kept] = nil }
        if held[row]?.sepia == sepia {
            preloadNeighbours(of: row)
        } else {
            load(row, priority: .veryHigh)
        }
    }

    /// Once the photo shown is there, its neighbours load at low priority.
    func preloadNeighbours(of row: Int) {
        for neighbour in [row + 1, row - 1] where gallery.records.indices.contains(neighbour) && held[neighbour]?.sepia != sepia {
            load(neighbour, priority: .low)
        }
    }
}
