// Why this exists: every event the trace can hold, declared once: each case names its fields, `Name` (its CodingKeys) gives its name in the trace and when it happens; the JSON line, the reading back and the README's table are derived from these (TraceCoding.swift).
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
    case filtered(shown: Int, total: Int, query: String, ms: Double)
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
        case filtered
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

        /// When the event is written (the README's third column).
        public var when: String {
            switch self {
            case .settings: "whether preferences are saved (a GSettings schema was found) or kept in memory"
            case .decoders: "a decoding helper started (`started` in all: one that died is replaced): photos are parsed in helper processes, `sandbox` `bubblewrap` (no network, no user files, a seccomp filter, memory and processor limits), or `none` where bubblewrap cannot run (`reason`) and the user allowed decoding without it, with the filter, limits and Landlock still on"
            case .help: "F1 or Help: the manual was handed to the desktop's help viewer at `uri` (`help:classic-photos` where it is installed, the source tree's pages for a run from it), or it could not be (`reason`: no help viewer, or no manual)"
            case .sandboxesEnded: "at launch, sandboxes of the app's helpers left behind by an earlier run killed as a helper started (bubblewrap's own race, its first process orphaned before it asked to die with its parent) were found and ended"
            case .sandboxConsent: "bubblewrap cannot run here and no photo is decoded without it: the window `asked` whether to decode without it, the user `allowed` it or `refused` (photos stay closed), or `withdrawn` it in the main menu"
            case .renderer: "at the window's first frame, the renderer GTK draws it with (`cairo`, `gl`, `vulkan`) and why it was chosen: `set-by-user` (`GSK_RENDERER` was set and is left alone), `no-direct-rendering` (the X server offers none of DRI3, DRI2 or NV-GLX, so GL could only be a software rasterizer: cairo, GL never loaded; `gl` says what was missing), `software-gl` (GL is a software rasterizer here, which cairo outruns), `hardware-gl` (a GPU) or `no-gl`; `gl` is GL's renderer name, when asked"
            case .manifest: "a manifest was parsed to its end; all its rows are shown"
            case .rows: "a batch of a manifest's rows arrived and is shown (a big manifest shows its first rows before the rest is read)"
            case .manifestFailed: "a manifest could not be loaded; the window shows the reason with Retry"
            case .folderListed: "a folder opened as a gallery was listed: `photos` images in it become rows, `skipped` entries are not (hidden files, subfolders, other files, special files, broken links, links out of a folder someone else owns), in `ms`; `capped` when it holds more photos than the 250,000 listed"
            case .folderGrew: "a big folder's listing went on after its first rows were shown: the `added` photos it found since were merged into their sorted places (the list stays at the top if it was there); `total` rows now"
            case .folderChanged: "the folder shown, or with its subfolders one of them, changed on disk (inotify; changes gathered for a moment are one event; a subfolder that arrived or went adds or removes all its photos): `added` photos became rows, `removed` rows went, `changed` rows get their photo again; `total` rows now"
            case .subfoldersListed: "a folder opened with its subfolders (Include Subfolders, `--subfolders`) was listed with `folders` subfolders (hidden ones left out, a symlinked one followed once, never round a loop); `unreadable`: those that could not be read, a line each"
            case .notFollowed: "the system's limit on file watches (`fs.inotify.max_user_watches`) left `folders` folders of the gallery shown unwatched (0: all followed again), so their changes show only on Reload; `names`: the first 10, a line each"
            case .sorted: "the gallery shown took its `order` (`name`, `date-taken`, `modified`, `size` or a manifest's `own`, `-desc` for descending): a folder's whole listing, a sort chosen in the header's Sort menu (the photo at the top of the view stays there), or a folder sorted by date moved by the dates read; sorted in `ms`, `rows` rows, the `first` 20 rows' names, a line each"
            case .datesRead: "a folder's facts (dates taken, camera, lens, position, marks) were read: `fromIndex` from the metadata index, `fromFiles` from the photos' first bytes in the decoding helpers (those the index lacked, on every visit of a local folder; on a share, only its dates when sorted by date), in `ms`"
            case .datesStopped: "a share folder's dates taken stopped being read before the last, as the share stopped answering or went (`reason`): the photos not read sort by their time, and are read at the next sort by date"
            case .filtered: "the filter bar's filter was applied to the folder shown: `shown` of its `total` photos match (`query`: what the bar asks, as `PhotoFilter` reads it), in `ms` on the watcher's queue"
            case .metadataIndex: "the metadata index (dates taken, in the cache folder) opened: `state` is `opened`, `created`, `rebuilt` (it was corrupt, not ours or of another version: `reason`) or `in-memory` (it could not be used this run: `reason`)"
            case .interrupted: "at launch: the app stopped while this gallery was loading last time, so it is not reopened (the empty page offers it)"
            case .shareMounting: "a folder on a share (SMB, SFTP, WebDAV) is opened: its share is mounted through GVfs first (GTK's dialog asks for a password if it needs one)"
            case .shareMounted: "the share is mounted (or was), the dialog was cancelled (the window stays as it was), or it failed: GVfs's reason"
            case .shareUnmounted: "the share shown was unmounted from outside (the file manager, `gio mount -u`, its backend's end): the window says so, with Retry, and the rows shown stay"
            case .shareRelisted: "the share's folder was listed again as the window gained the focus (its backend reports no changes): the photos `added` and `removed` since were merged in, and those whose size or time `changed` read again, the other rows keeping their places; or it could not be listed (`reason`), and the rows shown stay"
            case .page: "the window's page: `empty` (nothing open), `loading` (a manifest on its way), `list` or `viewer`"
            case .windowSize: "the window's size, as it would be saved, changed"
            case .closing: "the main window is closing, and the app quits: `by` `close` (Ctrl+W), `quit` (Ctrl+Q or Quit) or `desktop` (the window manager's close button, or another program asking)"
            case .thumbnailSize: "the rows' thumbnail size changed (Ctrl+plus, Ctrl+minus, Ctrl+0 or the menu): `pixels` wide, times the display's scale; rows keep their image, scaled, until theirs at this size arrives"
            case .layout: "the window lays the gallery out as a `list` of rows or a `grid` of cells: at start and on each change (the header's switch, Ctrl+1, Ctrl+2); the view is made again over the same rows, the photo at the top kept there"
            case .gridColumns: "the grid, laid out, shows `count` cells a row (from the cells' own geometry): when it is first laid out and when a resize or a size step changes it"
            case .localNetwork: "private network access: the window `asked` (a row was refused: one question for the local network, one for this computer), the user `allowed` the gallery or `dismissed` the question, or `revoked` its permission; `allowed` also when a remembered gallery opens"
            case .queued: "an operation was added to the `download`, `filtration` or `viewer` queue"
            case .started: "an operation began running (work a queue handed out just before it was suspended begins only when it resumes)"
            case .finished: "an operation ended and its result (image or failure) was applied"
            case .cancelled: "an operation was cancelled (scrolled away, reload, close); its row goes back to waiting"
            case .state: "a row's record changed state (`new`, `downloaded`, `filtered`, `failed`); when failed, `reason` in English and `code`, a stable name for what went wrong (`blocked`, `http`, `timed-out`, `too-large`, `missing-file`, `special-file`, `truncated`, `undecodable`, `refused-image`, …: `StageFailure.Code`), which tests and tools match instead of the words"
            case .image: "a row got its image, and from which level: `memory`, `thumbnail-cache` (the desktop's shared thumbnails), `http-cache` (fresh, no request), `revalidated` (a 304), `network`, `file` (a local photo decoded), or `embedded-thumbnail` (a share's JPEG's own EXIF thumbnail from its first bytes, shown until the photo itself is read; the row stays `new`); `pixels` is the thumbnail's size (the rows' thumbnail size times the display's scale)"
            case .colour: "a photo carrying a colour profile was decoded (in its helper, where the profile is read): `profile` is the profile's name, `converted` whether its pixels were converted to sRGB (false for an sRGB profile); `ignored` says why a profile was not applied (lcms2 cannot read it, it is not an RGB profile, it is too large), the photo shown as its pixels are"
            case .http: "an HTTP request was sent: its status (304 for a revalidation) and the body bytes received"
            case .evicted: "the memory cache dropped this off-screen row's image; it needs it again when it comes back"
            case .turnApplied: "Rotate turned this row's photo (`turn`), and its images in memory turned with it, from the pixels already there: the row shows it turned at the next frame, and the watcher's report of that file changing loads nothing again"
            case .turnKept: "the watcher reported the file of this row that Rotate turned, still as the turn left it: the row keeps the image turned in memory and nothing is loaded again (another program's change starts the row over instead)"
            case .marksKept: "the watcher reported the file of this row that Rate and Flag changed, still as it left it: only its XMP changed, so the row keeps its images and nothing is loaded again (another program's change starts the row over instead)"
            case .cacheCleared: "Clear Cache emptied the memory cache, the app's disk cache and its failure entries"
            case .suspended: "a queue was suspended (scrolling began)"
            case .resumed: "a queue was resumed"
            case .scrollBegin: "the user began scrolling"
            case .scrollEnd: "scrolling settled; the first and last row on screen"
            case .expectedScreen: "a new gallery's first and last row expected on screen, from the window's size, started before the list's first layout (which then cancels any that are not on screen)"
            case .visible: "the first and last row on screen, after layout"
            case .prefetch: "the rows of the prefetch band, started at low priority"
            case .listGap: "GTK 4.8's list came to rest showing these rows (the first and last) and a blank screen below them, though rows follow (after a fast wheel burst past its end); it was asked to show the next row, which lays the rest out"
            case .firstRowsFrame: "the first painted frame with rows on screen (Unix time), and how many row widgets the list had made by then (absent in traces from before it was counted)"
            case .galleryFreed: "a replaced gallery was freed with its records and thumbnails"
            case .frame: "with `CLASSIC_PHOTOS_PROBE=1`: a frame's interval, its work (start → after-paint) and start"
            case .phases: "with `CLASSIC_PHOTOS_PROBE=1`, after each `frame`: its work by frame-clock phase (ms): waiting for the main loop (input and other work), tick callbacks, style/measure/allocate (rows are bound here), snapshot and render; `bind` is the app's own bind and unbind handlers, over `binds` calls; `cpu` is the main thread's own CPU time over the frame (well under the phases' sum: it waited for a CPU); `waited` is how long the main thread was runnable but had no CPU since the last frame (left out where the kernel keeps no schedule statistics)"
            case .stall: "with `CLASSIC_PHOTOS_PROBE=1`: the main loop was busy this long past a 10 ms timer; meanwhile its thread ran `cpu` ms and waited `waiting` ms for a CPU (runnable, another process had the cores); both left out where the kernel keeps no schedule statistics"
            case .pending: "on SIGUSR1: operations in the in-progress maps and in the queues"
            case .viewer: "the viewer `opened` a row's photo, `moved` to another, or was `closed` (on the row it showed last); `turned` when Rotate turned a row's image it holds, from the pixels in memory (its file's report then loads nothing); `fullscreen` and `windowed` when it asks the window for fullscreen or back; a `slideshow` began on the row, was `paused` or `resumed` there, or `ended`"
            case .fullImage: "the viewer shows a row's decoded photo (its size in pixels: fitted to the screen, or full size once zoomed past that), which came `from` `memory` (bytes held), `download` (the list's download it waited on), `file`, `http-cache` or `network`; `ms` from asking to showing"
            case .viewerFailed: "the viewer could not show a row's photo, and why (`code` as a row's `state` gives it); the viewer shows the reason with Retry"
            case .animation: "the viewer's animated photo (GIF, WebP) of `frames` frames, read on the viewer queue, is `playing`, or was `stopped` (`reason`: over the processor time allowed to read it, frames too large to play, or refused as an image); leaving the photo cancels the read (a `cancelled` event on the viewer queue)"
            case .zoom: "the viewer's zoom changed (1 is 100 %): once for a step, or at each frame of an eased zoom (once, with no easing, when the desktop turns animations off)"
            case .turning: "Rotate in the viewer: the picture drawn turned `angle` degrees clockwise about the view's centre while its file turns, eased over a quarter of a second, or in one step under reduced motion; one event a frame. The turned picture replaces it (`viewer` `turned`)"
            case .dependency: "a viewer operation waits `on` the row's `download` (`addDependency`) before it runs"
            case .width: "a queue's width (`maxConcurrentOperationCount`): when a gallery opens, and when the inspector changes it"
            case .metrics: "libsoup's timings of one request, in ms: connecting (with the name lookup; 0 on a reused connection), TLS, waiting for the response's first byte, receiving the body"
            case .inspector: "the operations inspector was shown or hidden"
            case .exported: "the inspector exported the session's trace to `path` (`ok` false: it could not be written)"
            case .colorScheme: "the window took the dark style or the light one, `from` the Settings portal (`portal`), GNOME's `color-scheme` key where no portal answers (`gsettings`), or the app's own Style preference (`preference`); at start and on each change"
            case .contrast: "the window took GTK's high-contrast theme (`high`) or left it, `from` the Settings portal's `contrast` (`portal`) or, where the portal does not offer it, GNOME's `high-contrast` key (`gsettings`); at start and on each change"
            case .textScale: "the window's text took the desktop's scaling `factor` (GNOME's `text-scaling-factor`), `from` the Settings portal (`portal`) or GSettings (`gsettings`); not written where an XSETTINGS daemon already sets the font resolution"
            case .displayProfile: "on X11, at start and each time it changes: the display's colour profile the desktop put on the root window (`_ICC_PROFILE`, as colord does), whose `name` what is drawn on screen is converted to from sRGB; none (`name` absent): drawn in sRGB; `ignored` says why a profile there is not used (unreadable, not RGB, too large). Saved, copied and exported photos stay sRGB"
            case .saved: "Save As wrote a row's photo to `path` at full size, in `format` (`jpeg`, `png`, `webp`), in sepia or not; `reason` says why it was not written"
            case .metadata: "a photo being saved or exported keeps its original's metadata (carried over in a helper): `all` of it (EXIF, XMP and IPTC, as the format holds them; orientation 1, no embedded thumbnail, sRGB), the `standard` EXIF only (exiv2 could not write the rest), `none` (the original has none), or it `failed` (`reason`) and the photo is written without it; `location` whether GPS and place names were kept (Save As: yes; Export Gallery: only when asked)"
            case .copied: "Copy put a row's photo on the clipboard, at full size (`width` × `height`), in sepia or not"
            case .copiedFiles: "Copy of several selected photos put files on the clipboard (a file list, `text/uri-list` and `x-special/gnome-copied-files`): each of `rows` as shown, at full size, as PNG in a private folder; `failed` could not be made (the first one's `reason`)"
            case .turned: "a photo of a folder gallery (`path`) was turned a quarter `clockwise` or `anticlockwise` (Rotate, Ctrl+R, Ctrl+Shift+R, or its Undo) without re-encoding it: a JPEG's or TIFF's EXIF orientation, a HEIC's or AVIF's `irot`, a PNG's or lossless WebP's pixels; `reason`: why it was not (its format, read-only, full disk, changed by another program meanwhile)"
            case .marked: "a photo of a folder gallery (`path`) was given a `rating` (0 to 5 stars) or a `flag` (`pick`, `reject` or `none`), or both (its Undo), or neither (its tags changed), kept in its own XMP (`xmp:Rating`, `digiKam:PickLabel`) with nothing else in the file changed; `reason`: why it was not (its format, read-only, a helper's answer that changed more than the XMP)"
            case .printed: "Print (Ctrl+P) ended for a row's photo, fitted to one page in the orientation that suits it, in sepia or not: `printed` (sent to the printer or GTK's Print to File), `cancelled` in the dialog, or `failed` (`reason`)"
            case .background: "Set as Background (Ctrl+F8) ended for a row's photo, as shown (sepia or not; `uri`: the picture handed over, the photo's own file or a copy made for it), through the desktop's Wallpaper portal: `set`, `cancelled` (the desktop's question declined), or `failed` (`reason`)"
            case .trash: "a photo of a folder gallery (`path`) was `trashed` (Delete), `restored` from the trash where it was (Undo, Ctrl+Z), `deleted` for good (Shift+Delete, or on a volume with no trash, once asked), `asked` about (deleting for good), `kept` (the question cancelled) or `failed` (`reason`)"
            case .exportStarted: "Export Gallery began: `total` rows, each written in `format`, in sepia or not (its operations are on queue `export`)"
            case .exportProgress: "a photo of the export was written or failed: `written` and `failed` so far, of `total`"
            case .exportEnded: "the export ended: `finished` (every row written or failed), `cancelled` by the user, or `stopped` because the folder could no longer be written (`reason`: the disk is full, …)"
            }
        }
    }
}
