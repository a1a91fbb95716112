// Why this exists: a tree's folders read by two threads at once, the listing's own and one helper, taking folders from one queue: describing each entry and making its photo is most of a big tree's listing, and the machine has two cores. The photos both find are handed to the listing's thread, which alone shows and merges them.
import Foundation
import GLibIO
import GLibRuntime

/// Every field that changes is in `state`, read and changed under its lock; `contents` is only
/// entered under it, and otherwise read, never changed, by the helper.
final class TreeWalk: Sendable {
    private let contents: FolderContents
    /// Stopped when the waiter gives up or the cap is reached.
    private let listing: Cancellable
    private let maxPhotos: Int
    /// Whether each file's size and time are read (an order that needs them).
    private let times: Bool
    /// Called for each entry read, from either thread (the stall watchdog's progress).
    private let progress: @Sendable () -> Void

    private struct State {
        /// Folders still to read (with subfolders); each is entered once, by device and inode, so
        /// a symlinked folder is read once, never round a loop. A cursor, not `removeFirst`.
        var pending: [Subfolder] = []
        var next = 0
        /// Threads reading a folder now (each may still add subfolders).
        var busy = 0
        var helperRunning = false
        var helperTakesFirst = false
        var helperWaitsForEachTake = false
        /// Photos found and not yet taken by the listing's thread: each batch sorted on the thread
        /// that read it (a sorted run), so the listing's final sort has little left to do.
        var found: [[FolderPhoto]] = []
        var foundCount = 0
        var photos = 0
        /// Batches handed over so far: a thread waiting for a folder wakes for each, so the
        /// listing's thread shows what the helper finds while it has no folder of its own.
        var batches = 0
        var skipped = 0
        /// One photo more than the cap was found: the listing stopped.
        var isCapped = false
    }
    private let state = Waitable(State())

    /// For tests: the listing's thread lets the helper take the first folder.
    var helperTakesFirst: Bool {
        get { state.withLock { $0.helperTakesFirst } }
        set { state.withLock { $0.helperTakesFirst = newValue } }
    }
    /// For tests: the helper hands over its next batch only once the last was taken, so that
    /// the listing's thread is seen to show each one whatever the scheduler does.
    var helperWaitsForEachTake: Bool {
        get { state.withLock { $0.helperWaitsForEachTake } }
        set { state.withLock { $0.helperWaitsForEachTake = newValue } }
    }
    var skipped: Int { state.withLock { $0.skipped } }
    /// One photo more than the cap was found: the listing stopped.
    var isCapped: Bool { state.withLock { $0.isCapped } }

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
        defer { state.withLock(wakingAll: true) { $0.pending.append(contentsOf: children) } }
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
        state.withLock(wakingAll: true) { [maxPhotos, listing] state in
            state.skipped += skipped
            let room = maxPhotos - state.photos
            let kept = batch.count > room ? Array(batch.prefix(room)) : batch
            if !kept.isEmpty {
                state.found.append(kept)
                state.foundCount += kept.count
            }
            state.photos += kept.count
            if batch.count > room {
                state.isCapped = true
                listing.cancel()
            }
            state.batches += 1
        }
    }

    /// The photos found since the last call: the sorted runs put in the order of their first
    /// photos, so that a tree whose folders' photos do not interleave (most: photos in the
    /// leaves, or a folder's photos all before or after its subfolders') comes out sorted whole.
    func take() -> [FolderPhoto] {
        let runs = state.withLock(wakingAll: true) { state in
            defer { state.found = []; state.foundCount = 0 }
            return state.found
        }
        let order = contents.order
        var taken: [FolderPhoto] = []
        taken.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for run in runs.sorted(by: { order.precedes($0[0], $1[0]) }) { taken.append(contentsOf: run) }
        return taken
    }

    /// How many photos wait to be taken.
    var waiting: Int { state.withLock { $0.foundCount } }

    /// Read every folder queued and the folders under them, on this thread and a helper;
    /// `each` runs on this thread after each batch. A folder that cannot be read is said, not
    /// fatal. Returns once both threads are done (or the listing was stopped).
    func readQueued(each: () -> Void) {
        let queued = state.withLock { state in
            state.helperRunning = state.next < state.pending.count
            return state.helperRunning
        }
        guard queued else { return }
        let helper = Thread { [self] in
            var making = PhotoMaking()
            work(making: &making, shows: false) { [state, listing] in
                // Never for long: a listing's thread that does not take must fail the test, not hang it.
                let giveUp = Date(timeIntervalSinceNow: 2)
                state.wait { state in
                    state.helperWaitsForEachTake && state.foundCount > 0 && !listing.isCancelled && Date() < giveUp ? .sleep(until: giveUp) : .done(())
                }
            }
            state.withLock(wakingAll: true) { $0.helperRunning = false }
        }
        helper.name = "folder-listing-helper"
        helper.start()
        state.wait { state -> Waitable<State>.Step<Void> in
            let helperFirst = state.helperTakesFirst && state.helperRunning && state.busy == 0 && state.next < state.pending.count
            return helperFirst ? .sleep() : .done(())
        }
        var making = PhotoMaking()
        work(making: &making, shows: true, each: each)
        state.wait { $0.helperRunning ? .sleep() : .done(()) }
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
                if !error.isCancelled { state.withLock { [contents] _ in contents.unreadable.append(String(sub.display.dropLast())) } }
            }
            state.withLock(wakingAll: true) { $0.busy -= 1 }
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
        state.wait { [contents, listing] state -> Waitable<State>.Step<Next> in
            guard !listing.isCancelled else { return .done(.done, wakingAll: true) }
            while state.next < state.pending.count {
                let sub = state.pending[state.next]
                state.next += 1
                guard contents.enter(sub) else { continue }
                state.busy += 1
                return .done(.folder(sub), wakingAll: state.helperTakesFirst)
            }
            if state.busy == 0 { return .done(.done, wakingAll: true) }
            if let seen, state.batches != seen, state.foundCount > 0 { return .done(.handed(state.batches)) }
            return .sleep()
        }
    }
}
