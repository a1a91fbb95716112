// Why this exists: what a folder's photos say of themselves, read on every visit (the index first, then the files, those on screen first): their dates for an order by date, their marks for the rows, and everything the filter bar asks; and the filter itself, applied on the watcher's queue.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoTrace

extension FolderWatcher {
    /// While facts are read, the filter is applied again (and the marks handed over) at most this often.
    nonisolated static let refilterSeconds = 1.0

    /// Show the folder through `filter`: `done` gets the change on the main loop (nil: no row
    /// changes), the photos shown and in all, and how long it took on the queue.
    public func filter(_ filter: PhotoFilter, done: @escaping @MainActor (FolderChange?, _ shown: Int, _ total: Int, _ milliseconds: Double) -> Void) {
        let contents = self.contents
        let started = Date()
        queue.async {
            let change = contents.refilter(filter)
            let shown = contents.count, total = contents.totalCount
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self] in
                guard let self, !self.stopped else { return }
                self.totalCount = total
                done(change, shown, total, milliseconds)
            }
        }
    }

    /// The tags used in the folder, most used first, on the main loop.
    public func tagsUsed(_ done: @escaping @MainActor ([String]) -> Void) {
        let contents = self.contents
        queue.async {
            let tags = contents.tagsUsed()
            MainLoop.invoke { done(tags) }
        }
    }

    /// The rows of the photos at `paths` among those shown, by path, on the main loop (after
    /// every change made before it: the rows are the list's as it then is).
    public func rows(ofPaths paths: Set<String>, _ done: @escaping @MainActor ([String: Int]) -> Void) {
        let contents = self.contents
        queue.async {
            let rows = contents.rows(ofPaths: paths)
            MainLoop.invoke { done(rows) }
        }
    }

    /// A reading ended: the one asked for meanwhile (a photo that arrived while it ran) starts now.
    func readingEnded(_ reading: Cancellable) {
        guard readingDates === reading else { return }
        readingDates = nil
        if readAgain {
            readAgain = false
            readDates()
        }
    }

    /// Read the facts not read yet: from the index, then from the files. Once all are read, an
    /// order by date moves its photos (one change through `onChange`); meanwhile, the filter is
    /// applied again and the marks handed over as they come (at most once a second). One
    /// reading at a time; one asked for meanwhile follows it.
    public func readDates() {
        guard let dateReader, !stopped else { return }
        guard readingDates == nil else { readAgain = true; return }
        let cancellable = Cancellable()
        readingDates = cancellable
        let contents = self.contents, queue = self.queue, first = onScreen(), trace = self.trace
        queue.async {
            let files = contents.unreadFacts()
            guard !files.isEmpty else {
                MainLoop.invoke { [weak self] in self?.readingEnded(cancellable) }
                return
            }
            let handed = Locked(Date())
            dateReader.read(files, first: first, cancellable: cancellable, found: { facts in
                queue.async {
                    guard !cancellable.isCancelled else { return }
                    contents.learn(facts: facts)
                    guard handed.withLock({ last in
                        guard Date().timeIntervalSince(last) >= Self.refilterSeconds else { return false }
                        last = Date()
                        return true
                    }) else { return }
                    let change = contents.filter.needsFacts ? contents.refilter() : nil
                    let marks = contents.marks(), total = contents.totalCount
                    MainLoop.invoke { [weak self] in
                        guard let self, self.readingDates === cancellable, !self.stopped else { return }
                        if let change { self.hand(change, total: total) }
                        self.onMarks(marks)
                    }
                }
            }, done: { figures in
                queue.async {
                    // In another order nothing moves: the dates are kept for the next sort by date, and
                    // no change is handed over for them (the list is left as it is).
                    let settled = cancellable.isCancelled || !contents.order.needsDates ? nil : contents.settle()
                    let filtered = cancellable.isCancelled ? nil : contents.refilter()
                    let marks = contents.marks(), total = contents.totalCount
                    MainLoop.invoke { [weak self] in
                        guard let self, self.readingDates === cancellable, !self.stopped else { return }
                        trace.emit(.datesRead(fromIndex: figures.fromIndex, fromFiles: figures.fromFiles, ms: figures.milliseconds))
                        if let settled { self.hand(settled, total: total) }
                        if let filtered { self.hand(filtered, total: total) }
                        self.onMarks(marks)
                        self.readingEnded(cancellable)
                    }
                }
            })
        }
    }
}
