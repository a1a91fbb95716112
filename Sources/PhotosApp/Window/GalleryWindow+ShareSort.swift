// Why this exists: a share folder sorted as a local folder is: by name, size or time from its listing, or by date taken, the dates the metadata index holds taken at once and the rest read in the background, ranged, the photos on screen first, then the rows moved once; so a share whose dates were read before sorts at once.
import GalleryViews
import Foundation
import GLibRuntime
import PhotoFormats
import PhotoPipeline
import GalleryContents
import PhotoTrace

/// What the window knows of the share folder shown, for sorting it.
struct ShareSortState {
    /// Its photos' sizes and times, as last listed (nil: not listed yet).
    var facts: ShareFolderFacts?
    /// The dates taken known, by name on the share.
    var dates: [String: TakenDate] = [:]
    /// Every fact read (for the filter), by name on the share.
    var photoFacts: [String: PhotoFacts] = [:]
    /// The reading of dates or facts under way.
    var reading: Cancellable?
    /// The filter shown through, and the rows it keeps aside; the filter last asked.
    var filter = ShareFilter()
    var asked = PhotoFilter()
    /// Whether every photo's facts were asked for since the share was last listed with a change,
    /// and when the filter was last applied again as they arrived.
    var factsAsked = false
    var lastRefilter: Date?
    /// Counts the changes of the rows shown (a sort, a filter or a listing merged): a sort, a
    /// filter or a listing made from rows that changed since is made again from them. Only a
    /// change counts, not a start: two at once, each counting its start, would each find the
    /// other's and start again, for ever.
    var generation = 0

    mutating func reset() {
        reading?.cancel()
        self = ShareSortState()
    }
}

extension GalleryWindow {
    /// A share's listing ended: its sizes and times, and what it could not list said.
    func shareLoaded(_ facts: ShareFolderFacts) {
        shareListed(facts)
        sayListingLimits(unreadable: facts.unreadable, capped: facts.isCapped)
    }

    /// A share was listed (or listed again): its sizes and times.
    func shareListed(_ facts: ShareFolderFacts) {
        // A photo whose file changed is dated again.
        if let before = shareSort.facts {
            for (uri, file) in facts.files where before.files[uri].map({ $0 != file }) != false {
                shareSort.dates[file.fileName] = nil
                shareSort.photoFacts[file.fileName] = nil
                gallery?.marksByPath[uri] = nil
                shareSort.factsAsked = false
            }
        }
        shareSort.facts = facts
        shareSort.filter.relisted(facts)
        takeShareFactsFromIndex()
    }

    /// Sort the share shown in `order` (on a worker), once it is listed, the dates the index
    /// holds taken first; `readsDates`: those it lacks are then read, and the rows move again
    /// once they are (a sort after that reading reads no more).
    func sortShare(keepTop: KeepTop, readsDates: Bool = true) {
        guard let gallery, gallery.manifest.format == .share, rowsComplete, let facts = shareSort.facts else { return }
        let order = self.order, known = shareSort.dates, reader = services.dateReader
        let rows = gallery.records.rows, shownOrder = shownShareOrder
        let generation = shareSort.generation, started = Date()
        DispatchQueue.global(qos: .userInitiated).async {
            let uris = (0..<rows.count).map { rows.rawURL($0) }
            var dates = known, unread: [DatedFile] = [], indexed = 0
            if order.needsDates {
                let lacking = facts.datedFiles(uris, except: known)
                let fromIndex = reader.fromIndex(lacking)
                indexed = fromIndex.count
                dates.merge(fromIndex) { _, new in new }
                unread = lacking.filter { fromIndex[$0.fileName] == nil }
            }
            var sorter = ShareOrder(shown: rows, in: shownOrder)
            let change = sorter.sort(order, facts: facts, dates: dates)
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery else { return }
                // The rows changed meanwhile (a filter, a listing): sorted again from them.
                guard self.shareSort.generation == generation else {
                    self.trace.emit(.shareRedone(what: "sort"))
                    return self.sortShare(keepTop: keepTop, readsDates: readsDates)
                }
                self.shareSort.dates.merge(dates) { _, new in new }
                self.shownShareOrder = order
                if change != nil { self.shareSort.generation += 1 }
                if indexed > 0 { self.trace.emit(.datesRead(fromIndex: indexed, fromFiles: 0, ms: milliseconds)) }
                self.showSorted(change, in: gallery, ms: milliseconds, keepTop: keepTop)
                if readsDates, !unread.isEmpty { self.readShareDates(unread, in: gallery) }
            }
        }
    }

    /// Read the facts of `files` (the photos on screen first), then sort and filter again.
    func readShareDates(_ files: [DatedFile], in gallery: PhotoGallery) {
        // A reading stopped before its end: what the filter asks is asked again after this one.
        if let earlier = shareSort.reading {
            earlier.cancel()
            shareSort.factsAsked = false
        }
        let reading = Cancellable()
        shareSort.reading = reading
        let onScreen = Set(list.visibleRows().compactMap { row in gallery.records.entry(row).url.flatMap { shareSort.facts?.files[$0.absoluteString]?.fileName } })
        services.dateReader.read(files, first: onScreen, cancellable: reading, found: { facts in
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery, self.shareSort.reading === reading else { return }
                self.learnShareFacts(facts, in: gallery)
                self.refilterShare(now: false)
            }
        }, done: { figures in
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery, self.shareSort.reading === reading else { return }
                self.shareSort.reading = nil
                self.trace.emit(.datesRead(fromIndex: figures.fromIndex, fromFiles: figures.fromFiles, ms: figures.milliseconds))
                if let reason = figures.stopped { self.trace.emit(.datesStopped(reason: reason)) }
                if self.order.needsDates { self.sortShare(keepTop: .unlessAtTop, readsDates: false) }
                self.refilterShare()
            }
        })
    }
}
