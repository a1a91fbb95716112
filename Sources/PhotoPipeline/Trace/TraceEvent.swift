// Why this exists: every event the trace can hold, as one Swift type: the app writes it and the tests and benchmarks read it back through the same code.
import Foundation

/// One line of the `--trace` file. `Name` lists the events (the README's table comes from it);
/// `encoded` and `init?(name:fields:)` are the only places that spell field names.
public enum TraceEvent: Sendable, Equatable {
    /// Whether preferences are saved (a GSettings schema was found) or kept in memory.
    case settings(persistent: Bool)
    /// A manifest was parsed to its end; all its rows are shown.
    case manifest(rows: Int, source: String)
    /// A batch of a manifest's rows arrived and is shown: the row count so far.
    case rows(total: Int)
    /// A manifest could not be loaded (the in-window error shows `reason`).
    case manifestFailed(reason: String, source: String)
    /// The window's page changed: `empty` (nothing open), `loading` (a manifest on its way) or `list`.
    case page(name: String)
    /// The window's size (as it would be saved) changed.
    case windowSize(width: Int, height: Int)
    /// Private network access: the window `asked` (a row was refused), or the user `allowed`
    /// this gallery or `dismissed` the question; `allowed` also at load for a remembered gallery.
    case localNetwork(action: String)
    case queued(queue: Stage, row: Int)
    case started(queue: Stage, row: Int)
    /// An operation ended and its result was applied (image or failure).
    case finished(queue: Stage, row: Int)
    /// An operation was cancelled (scrolled away, reload, close); its row goes back to waiting.
    case cancelled(queue: Stage, row: Int)
    /// A row's record changed state; `reason` is set when it failed.
    case state(row: Int, state: PhotoState, reason: String?)
    /// A row got its image, and from which level: `memory`, `thumbnail-cache` (the shared
    /// freedesktop cache), `http-cache`, `revalidated` (a 304), `network`, or `file` (a local photo decoded).
    case image(row: Int, from: ImageSource)
    /// An HTTP request was sent: the URL, the status (304 for a revalidation, 0 if none came)
    /// and the body bytes received.
    case http(url: String, status: Int, bytes: Int)
    /// The memory cache dropped this row's image (the row is off screen and needs it again).
    case evicted(row: Int)
    /// Clear Cache emptied the memory cache, the app's disk cache and its failure entries.
    case cacheCleared
    case suspended(queue: Stage)
    case resumed(queue: Stage)
    case scrollBegin
    /// Scrolling settled; `visible` is the first and last row on screen.
    case scrollEnd(visible: [Int])
    /// The rows on screen (first and last) after layout.
    case visible(rows: [Int])
    /// Rows of the prefetch band, started at low priority once the screen is done.
    case prefetch(rows: [Int])
    /// The first painted frame with rows on screen; `wall` is the Unix time.
    case firstRowsFrame(wall: Double)
    /// A replaced gallery was freed with its records and thumbnails.
    case galleryFreed(rows: Int)
    /// With CLASSIC_PHOTOS_PROBE=1: a frame's interval, its work (start → after-paint) and start time.
    case frame(ms: Double, work: Double, at: Double)
    /// With CLASSIC_PHOTOS_PROBE=1, after each `frame`: its work by frame-clock phase (ms):
    /// wait (from the frame's start until the main loop got to it: input events and other
    /// work before it), update (tick callbacks, kinetic scrolling), layout (style, measure,
    /// allocate; the list binds rows here), paint (snapshot and render); `bind` is the part of
    /// it spent in the app's own row bind and unbind handlers, over `binds` calls; `cpu` is the
    /// main thread's own time on a CPU from before-paint to after-paint: well under the phases'
    /// sum, the thread was runnable but waiting for a CPU (the host was busy), not working.
    case phases(wait: Double, update: Double, layout: Double, paint: Double, bind: Double, binds: Int, cpu: Double)
    /// With CLASSIC_PHOTOS_PROBE=1: the main loop was busy this long past a 10 ms timer.
    case stall(ms: Double)
    /// On SIGUSR1: operations in the in-progress maps and in the queues.
    case pending(downloads: Int, filtrations: Int, queued: Int)
    /// The viewer `opened` a row's photo, `moved` to another row's, or was `closed` (on its last
    /// row); `fullscreen` and `windowed` when it asks the window to go fullscreen or back.
    case viewer(row: Int, action: String)
    /// The viewer shows a row's full image (its size in pixels, sepia or not), which came
    /// `from` `memory` (held), `download` (the list's download it waited on), `http-cache`,
    /// `file` or `network`; `ms` from the viewer asking for it to its first frame.
    case fullImage(row: Int, width: Int, height: Int, sepia: Bool, from: String, ms: Double)
    /// A viewer operation waits `on` another operation of the row (`download`) before it runs.
    case dependency(row: Int, on: String)
    /// A queue's width (`maxConcurrentOperationCount`): when a gallery opens, and when changed.
    case width(queue: Stage, width: Int)
    /// libsoup's timings of one request (ms): connecting (with name lookup), TLS, waiting for the
    /// first byte of the response, receiving the body.
    case metrics(url: String, connect: Double, tls: Double, wait: Double, receive: Double)
    /// The operations inspector was shown or hidden.
    case inspector(open: Bool)
    /// The inspector exported the session's trace to `path` (`ok` false: it could not be written).
    case exported(path: String, ok: Bool)

    /// The event names as written in the trace, with their fields in order.
    public enum Name: String, CaseIterable, Sendable {
        case settings, manifest, rows
        case manifestFailed = "manifest-failed"
        case page
        case windowSize = "window-size"
        case localNetwork = "local-network"
        case queued, started, finished, cancelled, state, image, http, evicted
        case cacheCleared = "cache-cleared"
        case suspended, resumed
        case scrollBegin = "scroll-begin"
        case scrollEnd = "scroll-end"
        case visible, prefetch
        case firstRowsFrame = "first-rows-frame"
        case galleryFreed = "gallery-freed"
        case frame, phases, stall, pending
        case viewer
        case fullImage = "full-image"
        case dependency
        case width, metrics, inspector, exported

        public var fields: [String] {
            switch self {
            case .settings: return ["persistent"]
            case .manifest: return ["rows", "source"]
            case .rows: return ["total"]
            case .manifestFailed: return ["reason", "source"]
            case .page: return ["name"]
            case .windowSize: return ["width", "height"]
            case .localNetwork: return ["action"]
            case .queued, .started, .finished, .cancelled: return ["queue", "row"]
            case .state: return ["row", "state", "reason"]
            case .image: return ["row", "from"]
            case .http: return ["url", "status", "bytes"]
            case .evicted: return ["row"]
            case .cacheCleared: return []
            case .suspended, .resumed: return ["queue"]
            case .scrollBegin: return []
            case .scrollEnd: return ["visible"]
            case .visible, .prefetch: return ["rows"]
            case .firstRowsFrame: return ["wall"]
            case .galleryFreed: return ["rows"]
            case .frame: return ["ms", "work", "at"]
            case .phases: return ["wait", "update", "layout", "paint", "bind", "binds", "cpu"]
            case .stall: return ["ms"]
            case .pending: return ["downloads", "filtrations", "queued"]
            case .viewer: return ["row", "action"]
            case .fullImage: return ["row", "width", "height", "sepia", "from", "ms"]
            case .dependency: return ["row", "on"]
            case .width: return ["queue", "width"]
            case .metrics: return ["url", "connect", "tls", "wait", "receive"]
            case .inspector: return ["open"]
            case .exported: return ["path", "ok"]
            }
        }
    }

    /// A field's value as JSON knows it.
    public enum Value: Sendable, Equatable {
        case string(String), int(Int), double(Double), bool(Bool), ints([Int])
    }

    public var name: Name {
        switch self {
        case .settings: return .settings
        case .manifest: return .manifest
        case .rows: return .rows
        case .manifestFailed: return .manifestFailed
        case .page: return .page
        case .windowSize: return .windowSize
        case .localNetwork: return .localNetwork
        case .queued: return .queued
        case .started: return .started
        case .finished: return .finished
        case .cancelled: return .cancelled
        case .state: return .state
        case .image: return .image
        case .http: return .http
        case .evicted: return .evicted
        case .cacheCleared: return .cacheCleared
        case .suspended: return .suspended
        case .resumed: return .resumed
        case .scrollBegin: return .scrollBegin
        case .scrollEnd: return .scrollEnd
        case .visible: return .visible
        case .prefetch: return .prefetch
        case .firstRowsFrame: return .firstRowsFrame
        case .galleryFreed: return .galleryFreed
        case .frame: return .frame
        case .phases: return .phases
        case .stall: return .stall
        case .pending: return .pending
        case .viewer: return .viewer
        case .fullImage: return .fullImage
        case .dependency: return .dependency
        case .width: return .width
        case .metrics: return .metrics
        case .inspector: return .inspector
        case .exported: return .exported
        }
    }

    /// The fields in `name.fields` order (a nil reason is left out).
    public var encoded: [(String, Value)] {
        let values: [Value?]
        switch self {
        case .settings(let persistent): values = [.bool(persistent)]
        case .manifest(let rows, let source): values = [.int(rows), .string(source)]
        case .rows(let total): values = [.int(total)]
        case .manifestFailed(let reason, let source): values = [.string(reason), .string(source)]
        case .page(let name): values = [.string(name)]
        case .windowSize(let width, let height): values = [.int(width), .int(height)]
        case .localNetwork(let action): values = [.string(action)]
        case .queued(let queue, let row), .started(let queue, let row), .finished(let queue, let row), .cancelled(let queue, let row):
            values = [.string(queue.rawValue), .int(row)]
        case .state(let row, let state, let reason): values = [.int(row), .string(state.rawValue), reason.map { .string($0) }]
        case .image(let row, let from): values = [.int(row), .string(from.rawValue)]
        case .http(let url, let status, let bytes): values = [.string(url), .int(status), .int(bytes)]
        case .evicted(let row): values = [.int(row)]
        case .cacheCleared: values = []
        case .suspended(let queue), .resumed(let queue): values = [.string(queue.rawValue)]
        case .scrollBegin: values = []
        case .scrollEnd(let visible): values = [.ints(visible)]
        case .visible(let rows), .prefetch(let rows): values = [.ints(rows)]
        case .firstRowsFrame(let wall): values = [.double(wall)]
        case .galleryFreed(let rows): values = [.int(rows)]
        case .frame(let ms, let work, let at): values = [.double(ms), .double(work), .double(at)]
        case .phases(let wait, let update, let layout, let paint, let bind, let binds, let cpu):
            values = [.double(wait), .double(update), .double(layout), .double(paint), .double(bind), .int(binds), .double(cpu)]
        case .stall(let ms): values = [.double(ms)]
        case .pending(let downloads, let filtrations, let queued): values = [.int(downloads), .int(filtrations), .int(queued)]
        case .viewer(let row, let action): values = [.int(row), .string(action)]
        case .fullImage(let row, let width, let height, let sepia, let from, let ms):
            values = [.int(row), .int(width), .int(height), .bool(sepia), .string(from), .double(ms)]
        case .dependency(let row, let on): values = [.int(row), .string(on)]
        case .width(let queue, let width): values = [.string(queue.rawValue), .int(width)]
        case .metrics(let url, let connect, let tls, let wait, let receive):
            values = [.string(url), .double(connect), .double(tls), .double(wait), .double(receive)]
        case .inspector(let open): values = [.bool(open)]
        case .exported(let path, let ok): values = [.string(path), .bool(ok)]
        }
        return zip(name.fields, values).compactMap { field, value in value.map { (field, $0) } }
    }

    /// Read an event back from a parsed JSON object (JSONSerialization's types); nil if it is
    /// not one this type knows or a field is missing or of the wrong type.
    public init?(json object: [String: Any]) {
        guard let text = object["event"] as? String, let name = Name(rawValue: text) else { return nil }
        func int(_ key: String) -> Int? { object[key] as? Int }
        func double(_ key: String) -> Double? { object[key] as? Double }
        func string(_ key: String) -> String? { object[key] as? String }
        func bool(_ key: String) -> Bool? { object[key] as? Bool }
        func ints(_ key: String) -> [Int]? { object[key] as? [Int] }
        func stage(_ key: String) -> Stage? { string(key).flatMap(Stage.init(rawValue:)) }
        switch name {
        case .settings: guard let p = bool("persistent") else { return nil }; self = .settings(persistent: p)
        case .manifest: guard let r = int("rows"), let s = string("source") else { return nil }; self = .manifest(rows: r, source: s)
        case .rows: guard let t = int("total") else { return nil }; self = .rows(total: t)
        case .manifestFailed: guard let r = string("reason"), let s = string("source") else { return nil }; self = .manifestFailed(reason: r, source: s)
        case .page: guard let n = string("name") else { return nil }; self = .page(name: n)
        case .windowSize: guard let w = int("width"), let h = int("height") else { return nil }; self = .windowSize(width: w, height: h)
        case .localNetwork: guard let a = string("action") else { return nil }; self = .localNetwork(action: a)
        case .queued, .started, .finished, .cancelled:
            guard let q = stage("queue"), let r = int("row") else { return nil }
            switch name {
            case .queued: self = .queued(queue: q, row: r)
            case .started: self = .started(queue: q, row: r)
            case .finished: self = .finished(queue: q, row: r)
            default: self = .cancelled(queue: q, row: r)
            }
        case .state:
            guard let r = int("row"), let s = string("state").flatMap(PhotoState.init(rawValue:)) else { return nil }
            self = .state(row: r, state: s, reason: string("reason"))
        case .image:
            guard let r = int("row"), let f = string("from").flatMap(ImageSource.init(rawValue:)) else { return nil }
            self = .image(row: r, from: f)
        case .http:
            guard let u = string("url"), let s = int("status"), let b = int("bytes") else { return nil }
            self = .http(url: u, status: s, bytes: b)
        case .evicted: guard let r = int("row") else { return nil }; self = .evicted(row: r)
        case .cacheCleared: self = .cacheCleared
        case .suspended: guard let q = stage("queue") else { return nil }; self = .suspended(queue: q)
        case .resumed: guard let q = stage("queue") else { return nil }; self = .resumed(queue: q)
        case .scrollBegin: self = .scrollBegin
        case .scrollEnd: guard let v = ints("visible") else { return nil }; self = .scrollEnd(visible: v)
        case .visible: guard let v = ints("rows") else { return nil }; self = .visible(rows: v)
        case .prefetch: guard let v = ints("rows") else { return nil }; self = .prefetch(rows: v)
        case .firstRowsFrame: guard let w = double("wall") else { return nil }; self = .firstRowsFrame(wall: w)
        case .galleryFreed: guard let r = int("rows") else { return nil }; self = .galleryFreed(rows: r)
        case .frame: guard let m = double("ms"), let w = double("work"), let a = double("at") else { return nil }; self = .frame(ms: m, work: w, at: a)
        case .phases:
            guard let i = double("wait"), let u = double("update"), let l = double("layout"), let p = double("paint"),
                  let b = double("bind"), let n = int("binds") else { return nil }
            // Traces from before `cpu` was added read as NaN (unknown).
            self = .phases(wait: i, update: u, layout: l, paint: p, bind: b, binds: n, cpu: double("cpu") ?? .nan)
        case .stall: guard let m = double("ms") else { return nil }; self = .stall(ms: m)
        case .pending:
            guard let d = int("downloads"), let f = int("filtrations"), let q = int("queued") else { return nil }
            self = .pending(downloads: d, filtrations: f, queued: q)
        case .viewer: guard let r = int("row"), let a = string("action") else { return nil }; self = .viewer(row: r, action: a)
        case .fullImage:
            guard let r = int("row"), let w = int("width"), let h = int("height"), let s = bool("sepia"), let f = string("from"),
                  let m = double("ms") else { return nil }
            self = .fullImage(row: r, width: w, height: h, sepia: s, from: f, ms: m)
        case .dependency: guard let r = int("row"), let o = string("on") else { return nil }; self = .dependency(row: r, on: o)
        case .width: guard let q = stage("queue"), let w = int("width") else { return nil }; self = .width(queue: q, width: w)
        case .metrics:
            guard let u = string("url"), let c = double("connect"), let s = double("tls"), let w = double("wait"),
                  let r = double("receive") else { return nil }
            self = .metrics(url: u, connect: c, tls: s, wait: w, receive: r)
        case .inspector: guard let o = bool("open") else { return nil }; self = .inspector(open: o)
        case .exported: guard let p = string("path"), let o = bool("ok") else { return nil }; self = .exported(path: p, ok: o)
        }
    }

    // MARK: fields many readers want

    /// The row an operation or state event is about.
    public var row: Int? {
        switch self {
        case .queued(_, let row), .started(_, let row), .finished(_, let row), .cancelled(_, let row), .state(let row, _, _),
             .image(let row, _), .evicted(let row), .viewer(let row, _), .fullImage(let row, _, _, _, _, _),
             .dependency(let row, _): return row
        default: return nil
        }
    }

    /// The queue an operation event is about.
    public var queue: Stage? {
        switch self {
        case .queued(let queue, _), .started(let queue, _), .finished(let queue, _), .cancelled(let queue, _),
             .suspended(let queue), .resumed(let queue), .width(let queue, _): return queue
        default: return nil
        }
    }

    /// A first-and-last row range (visible, scroll-end).
    public var range: ClosedRange<Int>? {
        switch self {
        case .visible(let rows), .scrollEnd(let rows): return rows.count == 2 ? rows[0]...rows[1] : nil
        default: return nil
        }
    }
}
