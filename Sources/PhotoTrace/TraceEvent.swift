// Why this exists: every event the trace can hold, declared once: each case names its fields, `Name` (its CodingKeys) gives its name in the trace (and TraceEvent+When.swift when it happens); the JSON line, the reading back and the README's table are derived from these (TraceCoding.swift).
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoFetching

/// One line of the `--trace` file. The compiler keeps the cases and `Name` in step (they are
/// the enum's CodingKeys: a case without a name, or a name without a case, does not compile).
public enum TraceEvent: Sendable, Equatable, Codable {
    case settings(persistent: Bool)
    case decoders(sandbox: String, reason: String?, started: Int)
    case sandboxesEnded(count: Int)
    case sandboxConsent(action: SandboxConsentAction)
    case help(uri: String, reason: String?)
    case renderer(name: String, reason: RendererReason, gl: String)
    case manifest(rows: Int, source: String)
    case rows(total: Int)
    case manifestFailed(reason: String, source: String)
    case interrupted(source: String)
    case shareMounting(source: String)
    case shareMounted(source: String, outcome: String)
    case shareRelisted(added: Int, removed: Int, changed: Int, reason: String?)
    case shareUnmounted(source: String)
    case folderListed(photos: Int, skipped: Int, ms: Double, capped: Bool)
    case folderChanged(added: Int, removed: Int, changed: Int, total: Int)
    case folderGrew(added: Int, total: Int)
    case subfoldersListed(folders: Int, unreadable: String)
    case notFollowed(folders: Int, names: String)
    case sorted(order: String, rows: Int, ms: Double, first: String)
    case datesRead(fromIndex: Int, fromFiles: Int, ms: Double)
    case datesStopped(reason: String)
    case shareRedone(what: String)
    case filtered(shown: Int, total: Int, query: String, ms: Double, queueMs: Double)
    case rowsJoined(rows: Int, steps: Int)
    case metadataIndex(state: String, reason: String?)
    /// The window's page, in the app's words (`empty`, `loading`, `list`, `viewer`).
    case page(name: String)
    case windowSize(width: Int, height: Int)
    case closing(by: String)
    case thumbnailSize(pixels: Int)
    /// The gallery's layout, in the app's words (`list`, `grid`).
    case layout(name: String)
    case gridColumns(count: Int)
    case localNetwork(action: LocalNetworkAction)
    case queued(queue: Stage, row: Int)
    case started(queue: Stage, row: Int)
    case finished(queue: Stage, row: Int)
    case cancelled(queue: Stage, row: Int)
    case state(row: Int, state: PhotoState, reason: String?, code: FailureCode? = nil)
    case image(row: Int, from: ImageSource, pixels: Int)
    case colour(url: String, profile: String?, converted: Bool, ignored: String?)
    case http(url: String, status: Int, bytes: Int)
    case evicted(row: Int)
    /// Rotate turned this row's photo, and its image in memory was turned with it (not loaded again).
    case turnApplied(row: Int, turn: QuarterTurn)
    case turnKept(row: Int)
    case marksKept(row: Int)
    case cacheCleared
    case suspended(queue: Stage)
    case resumed(queue: Stage)
    case scrollBegin
    case scrollEnd(visible: [Int])
    case expectedScreen(rows: [Int])
    case visible(rows: [Int])
    case prefetch(rows: [Int])
    case listGap(rows: [Int])
    case firstRowsFrame(wall: Double, rowWidgets: Int?)
    case galleryFreed(rows: Int)
    case frame(ms: Double, work: Double, at: Double)
    case phases(wait: Double, update: Double, layout: Double, paint: Double, bind: Double, binds: Int, cpu: Double, waited: Double?)
    case stall(ms: Double, cpu: Double?, waiting: Double?)
    case pending(downloads: Int, filtrations: Int, queued: Int)
    case viewer(row: Int, action: ViewerAction)
    case fullImage(row: Int, width: Int, height: Int, sepia: Bool, from: BytesSource, ms: Double)
    case viewerFailed(row: Int, reason: String, code: FailureCode?)
    case animation(row: Int, frames: Int, action: AnimationAction, reason: String?)
    case zoom(row: Int, zoom: Double)
    case turning(row: Int, angle: Double)
    case dependency(row: Int, on: Stage)
    case width(queue: Stage, width: Int)
    case metrics(url: String, connect: Double, tls: Double, wait: Double, receive: Double)
    case inspector(open: Bool)
    case exported(path: String, ok: Bool)
    case colorScheme(dark: Bool, from: String)
    case contrast(high: Bool, from: String)
    case textScale(factor: Double, from: String)
    case displayProfile(name: String?, ignored: String?)
    case saved(row: Int, path: String, format: ExportFormat, sepia: Bool, reason: String?)
    case metadata(path: String, kept: MetadataKept, location: Bool, reason: String?)
    case copied(row: Int, width: Int, height: Int, sepia: Bool)
    case copiedFiles(rows: [Int], failed: Int, reason: String?)
    case trash(path: String, step: TrashStep, reason: String?)
    case turned(path: String, turn: QuarterTurn, reason: String?)
    case marked(path: String, rating: Int?, flag: String?, reason: String?)
    case printed(row: Int, sepia: Bool, outcome: PrintEnding, reason: String?)
    case background(row: Int, sepia: Bool, uri: String, outcome: BackgroundEnding, reason: String?)
    case exportStarted(total: Int, format: ExportFormat, sepia: Bool)
    case exportProgress(written: Int, failed: Int, total: Int)
    case exportEnded(written: Int, failed: Int, total: Int, outcome: ExportEnding, reason: String?)

    /// The events' names as written in the trace, in the README's order, each with when it happens.
    public typealias Name = CodingKeys

    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case settings, decoders, renderer, manifest, rows
        case sandboxConsent = "sandbox-consent"
        case sandboxesEnded = "sandboxes-ended"
        case help
        case manifestFailed = "manifest-failed"
        case interrupted
        case shareMounting = "share-mounting"
        case shareMounted = "share-mounted"
        case shareRelisted = "share-relisted"
        case shareUnmounted = "share-unmounted"
        case folderListed = "folder-listed"
        case folderChanged = "folder-changed"
        case folderGrew = "folder-grew"
        case subfoldersListed = "subfolders-listed"
        case notFollowed = "not-followed"
        case sorted
        case datesRead = "dates-read"
        case datesStopped = "dates-stopped"
        case shareRedone = "share-redone"
        case filtered
        case rowsJoined = "rows-joined"
        case metadataIndex = "metadata-index"
        case page
        case windowSize = "window-size"
        case closing
        case thumbnailSize = "thumbnail-size"
        case layout
        case gridColumns = "grid-columns"
        case localNetwork = "local-network"
        case queued, started, finished, cancelled, state, image, colour, http, evicted
        case cacheCleared = "cache-cleared"
        case suspended, resumed
        case scrollBegin = "scroll-begin"
        case scrollEnd = "scroll-end"
        case expectedScreen = "expected-screen"
        case visible, prefetch
        case listGap = "list-gap"
        case firstRowsFrame = "first-rows-frame"
        case galleryFreed = "gallery-freed"
        case frame, phases, stall
        case pending, viewer
        case fullImage = "full-image"
        case viewerFailed = "viewer-failed"
        case animation
        case zoom, turning
        case dependency, width, metrics, inspector, exported
        case colorScheme = "color-scheme"
        case contrast
        case textScale = "text-scale"
        case displayProfile = "display-profile"
        case saved, metadata, copied
        case copiedFiles = "copied-files"
        case trash, turned, marked, printed, background
        case turnApplied = "turn-applied"
        case turnKept = "turn-kept"
        case marksKept = "marks-kept"
        case exportStarted = "export-started"
        case exportProgress = "export-progress"
        case exportEnded = "export-ended"
    }
}
