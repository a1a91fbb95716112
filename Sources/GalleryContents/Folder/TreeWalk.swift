// Why this exists: a tree's folders read by two threads at once, the listing's own and one helper, taking folders from one queue: describing each entry and making its photo is most of a big tree's listing, and the machine has two cores. The photos both find are handed to the listing's thread, which alone shows and merges them.
import Foundation
import GLibIO
import GLibRuntime

/// (@unchecked: every field that changes is read and changed under `condition`; `contents` is
/// only entered under it, and otherwise read, never changed, by the helper.)
final class TreeWalk: @unchecked Sendable {
    private let condition = NSCondition()
    private let contents: FolderContents
    /// Stopped when the waiter gives up or the cap is reached.
    private let listing: Cancellable
    private let maxPhotos: Int
    /// Whether each file's size and time are read (an order that needs them).
    private let times: Bool
    /// Called for each entry read, from either thread (the stall watchdog's progress).
    private let progress: @Sendable () -> Void
    /// Folders still to read (with subfolders); each is entered once, by device and inode, so
    /// a symlinked folder is read once, never round a loop. A cursor, not `removeFirst`.
    private var pending: [Subfolder] = []
    private var next = 0
    /// Threads reading a folder now (each may still add subfolders).
    private var busy = 0
    private var helperRunning = false
    /// For tests: the listing's thread lets the helper take the first folder.
    var helperTakesFirst = false
    /// Photos found and not yet taken by the listing's thread: each batch sorted on the thread
    /// that read it (a sorted run), so the listing's final sort has little left to do.
    private var found: [[FolderPhoto]] = []
    private var foundCount = 0
    private var photos = 0
    /// Batches handed over so far: a thread waiting for a folder wakes for each, so the
    /// listing's thread shows what the helper finds while it has no folder of its own.
    private var batches = 0
    private(set) var skipped = 0
    /// One photo more than the cap was found: the listing stopped.
    private(set) var isCapped = false

    init(contents: FolderContents, listing: Cancellable, maxPhotos: Int, times: Bool, progress: @escaping @Sendable () -> Void) {
        self.contents = contents
        self.listing = listing
        self.maxPhotos = maxPhotos
        self.times = times
        self.progress = progress
    }

    /// Read one folder (`sub` of the gallery's), handing its photos over after each batch of
    /// entries, then `each` (on the listing's thread: show what was found). Its subfolders are
    /// queued when `subfolders`.
    func read(_ sub: Subfolder, subfolders: Bool, making: inout PhotoMaking, each: () -> Void = {}) throws(GLibError) {
        var children: [Subfolder] = [], batch: [FolderPhoto] = []
        defer { condition.withLock { pending.append(contentsOf: children); condition.broadcast() } }
        // Progress is told a few times a second, not at each entry: both threads telling the job
        // (a lock and a clock) 100,000 times was a cost of its own. The coarse clock is read each
        // entry (a few nanoseconds), so a slow mount still tells of each entry it gets through.
        var told = Self.coarseSeconds()
        let progress = self.progress
        let onEntry = {
            let now = Self.coarseSeconds()
            if now - told >= 0.1 {
                told = now
                progress()
            }
        }
        progress()
        try DirectoryListing.list(path: contents.folder + sub.path, times: times, cancellable: listing, onEntry: onEntry) { entries in
            var skipped = 0
            for entry in entries {
                if subfolders, entry.kind == .directory {
                    if let child = contents.followed(entry, in: sub) { children.append(child) }
                    continue
                }
                if let photo = contents.photo(entry, in: sub, making: &making) { batch.append(photo) } else { skipped += 1 }
            }
            hand(batch.sorted(by: contents.order), skipped: skipped)
            batch.removeAll(keepingCapacity: true)
            each()
        }
    }

    /// The coarse monotonic clock (a tick of a few milliseconds), in seconds.
    private static func coarseSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private func hand(_ batch: [FolderPhoto], skipped: Int) {
        condition.withLock {
            self.skipped += skipped
            let room = maxPhotos - photos
            let kept = batch.count > room ? Array(batch.prefix(room)) : batch
            if !kept.isEmpty {
                found.append(kept)
                foundCount += kept.count
            }
            photos += kept.count
            if batch.count > room {
                isCapped = true
                listing.cancel()
            }
            batches += 1
            condition.broadcast()
        }
    }

    /// The photos found since the last call: the sorted runs put in the order of their first
    /// photos, so that a tree whose folders' photos do not interleave (most: photos in the
    /// leaves, or a folder's photos all before or after its subfolders') comes out sorted whole.
    func take() -> [FolderPhoto] {
        let runs = condition.withLock {
            defer { found = []; foundCount = 0 }
            return found
        }
        let order = contents.order
        var taken: [FolderPhoto] = []
        taken.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for run in runs.sorted(by: { order.precedes($0[0], $1[0]) }) { taken.append(contentsOf: run) }
        return taken
    }

    /// How many photos wait to be taken.
    var waiting: Int { condition.withLock { foundCount } }

    /// Read every folder queued and the folders under them, on this thread and a helper;
    /// `each` runs on this thread after each batch. A folder that cannot be read is said, not
    /// fatal. Returns once both threads are done (or the listing was stopped).
    func readQueued(each: () -> Void) {
        let queued = condition.withLock {
            helperRunning = next < pending.count
            return helperRunning
        }
        guard queued else { return }
        let helper = Thread { [self] in
            var making = PhotoMaking()
            work(making: &making, shows: false, each: {})
            condition.withLock { helperRunning = false; condition.broadcast() }
        }
        helper.name = "folder-listing-helper"
        helper.start()
        if helperTakesFirst { condition.withLock { while helperRunning, busy == 0, next < pending.count { condition.wait() } } }
        var making = PhotoMaking()
        work(making: &making, shows: true, each: each)
        condition.withLock { while helperRunning { condition.wait() } }
    }

    /// `shows`: on the listing's thread, which also wakes to show what the helper hands over.
    private func work(making: inout PhotoMaking, shows: Bool, each: () -> Void) {
        var seen = 0
        while true {
            let sub: Subfolder
            switch nextFolder(wakingFor: shows ? seen : nil) {
            case .done: return
            case .handed(let count): seen = count; each(); continue
            case .folder(let folder): sub = folder
            }
            do {
                try read(sub, subfolders: true, making: &making, each: each)
            } catch {
                if !error.isCancelled { condition.withLock { contents.unreadable.append(String(sub.display.dropLast())) } }
            }
            condition.withLock { busy -= 1; condition.broadcast() }
        }
    }

    private enum Next {
        case folder(Subfolder)
        /// The other thread handed over batches (this many so far) while this one waited.
        case handed(Int)
        case done
    }

    /// The next folder to read, entered; done once none is queued and no thread reading could
    /// queue more, or the listing stopped. Waits while the other thread reads, and, given the
    /// batches already `seen`, returns early when the other thread hands over more.
    private func nextFolder(wakingFor seen: Int?) -> Next {
        condition.withLock {
            while !listing.isCancelled {
                if next < pending.count {
                    let sub = pending[next]
                    next += 1
                    guard contents.enter(sub) else { continue }
                    busy += 1
                    if helperTakesFirst { condition.broadcast() }
                    return .folder(sub)
                }
                if busy == 0 { condition.broadcast(); return .done }
                if let seen, batches != seen, foundCount > 0 { return .handed(batches) }
                condition.wait()
            }
            condition.broadcast()
            return .done
        }
    }
}
