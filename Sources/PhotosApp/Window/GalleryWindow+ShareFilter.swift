// Why this exists: the filter bar over a share's folder, as over a local one: applied on a worker to the rows and those kept aside, and what it asks of the photos' metadata (marks, tags, camera, lens, dates, place) read first from the index, then from the share's files by ranged reads, the photos on screen first; the rows show their marks once read.
import Foundation
import GLibRuntime
import PhotoFormats
import PhotoPipeline
import GalleryContents
import MetadataValues

extension GalleryWindow {
    /// Show the share through `filter`, the photo at the top of the view staying there if it
    /// still shows; `done` gets how long it took on the worker. What it asks of the photos'
    /// metadata and is not known yet is read, and the filter applied again as it arrives.
    func filterShare(_ filter: PhotoFilter, done: @escaping @MainActor (_ milliseconds: Double) -> Void) {
        // Not listed yet: applied once it is (`ended`).
        guard let gallery, gallery.manifest.format == .share, rowsComplete, let files = shareSort.facts else { return }
        let before = shareSort.filter
        let rows = gallery.records.rows, order = shownShareOrder, facts = shareSort.photoFacts, dates = shareSort.dates
        shareSort.asked = filter
        let generation = shareSort.generation
        DispatchQueue.global(qos: .userInitiated).async {
            let started = Date()
            var state = before
            let change = state.refilter(filter, shown: rows, order: order, files: files, facts: facts, dates: dates)
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self, weak gallery, state] in
                guard let self, let gallery, self.gallery === gallery else { return }
                // The rows changed meanwhile (a sort, a listing, a later filter): made again from
                // them, unless a later filter was asked.
                guard self.shareSort.generation == generation else {
                    guard self.shareSort.asked == filter else { return }
                    self.trace.emit(.shareRedone(what: "filter"))
                    return self.filterShare(filter, done: done)
                }
                self.shareSort.filter = state
                if let change {
                    self.shareSort.generation += 1
                    self.follower.relisted(change, in: gallery)
                }
                done(milliseconds)
                if filter.needsFacts { self.readShareFacts(in: gallery) }
            }
        }
    }

    /// Every photo of the share shown, shown through the filter or not (nil: not a share).
    var shareTotalCount: Int? {
        guard let gallery, gallery.manifest.format == .share else { return nil }
        return shareSort.filter.totalCount(shown: gallery.count)
    }

    /// The facts of the share's photos (shown or kept aside) not known yet: those the index
    /// holds at once, the rest read from the share (once a listing; a photo that changes is read
    /// again). Each batch applies the filter again, at most once a second, and the end once more.
    private func readShareFacts(in gallery: PhotoGallery) {
        guard shareSort.reading == nil, !shareSort.factsAsked, let files = shareSort.facts else { return }
        shareSort.factsAsked = true
        let known = shareSort.photoFacts.mapValues(\.taken), reader = services.dateReader
        let reading = Cancellable()
        shareSort.reading = reading
        DispatchQueue.global(qos: .userInitiated).async {
            let started = Date()
            let lacking = files.datedFiles(Array(files.files.keys), except: known)
            let fromIndex = reader.factsFromIndex(lacking)
            let unread = lacking.filter { fromIndex[$0.fileName] == nil }
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery, self.shareSort.reading === reading else { return }
                self.shareSort.reading = nil
                self.learnShareFacts(fromIndex, in: gallery)
                if !fromIndex.isEmpty { self.trace.emit(.datesRead(fromIndex: fromIndex.count, fromFiles: 0, ms: milliseconds)) }
                if unread.isEmpty { self.refilterShare() } else { self.readShareDates(unread, in: gallery) }
            }
        }
    }

    /// Each listing of a share: the facts the index keeps of its photos (as they are now, by
    /// size and time) taken at once, so the rows show their marks on every visit after the
    /// first that read them; nothing is read from the share for it (its photos are read only
    /// for what a filter or a sort by date asks).
    func takeShareFactsFromIndex() {
        guard let gallery, gallery.manifest.format == .share, let files = shareSort.facts else { return }
        let known = shareSort.photoFacts.mapValues(\.taken), reader = services.dateReader
        DispatchQueue.global(qos: .userInitiated).async {
            let started = Date()
            let fromIndex = reader.factsFromIndex(files.datedFiles(Array(files.files.keys), except: known))
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery, !fromIndex.isEmpty else { return }
                self.learnShareFacts(fromIndex, in: gallery)
                self.trace.emit(.datesRead(fromIndex: fromIndex.count, fromFiles: 0, ms: milliseconds))
            }
        }
    }

    /// Facts read (by name on the share): kept, their dates for the sort, their marks on the rows.
    func learnShareFacts(_ facts: [String: PhotoFacts], in gallery: PhotoGallery) {
        guard !facts.isEmpty else { return }
        shareSort.photoFacts.merge(facts) { _, new in new }
        shareSort.dates.merge(facts.mapValues(\.taken)) { _, new in new }
        guard let files = shareSort.facts else { return }
        var marks = gallery.marksByPath
        for (uri, file) in files.files { if let read = facts[file.fileName] { marks[uri] = read.marks } }
        gallery.marksByPath = marks
        list.showMarks()
        updateSubtitle()
    }

    /// The filter asked applied again, as a filter asked is (facts read since may let photos in
    /// or leave them out); `now`: at once, else not within a second of the last time.
    func refilterShare(now: Bool = true) {
        guard shareSort.asked.needsFacts else { return }
        if !now, let last = shareSort.lastRefilter, Date().timeIntervalSince(last) < 1 { return }
        shareSort.lastRefilter = Date()
        applyFilter(shareSort.asked)
    }

    /// Rate, Flag or Tags changed the photo at `url` of the share shown to `marks`: its row
    /// shows them, and the filter measures it again (a local folder's watcher sees its change).
    func markedOnShare(_ url: URL, marks: PhotoMarks?) {
        guard let gallery, gallery.manifest.format == .share, let file = shareSort.facts?.files[url.absoluteString] else { return }
        gallery.marksByPath[url.absoluteString] = marks
        list.showMarks()
        if var facts = shareSort.photoFacts[file.fileName] {
            facts.marks = marks
            shareSort.photoFacts[file.fileName] = facts
        }
        if shareSort.asked.needsFacts { applyFilter(shareSort.asked) }
    }

    /// The tags the share's photos read so far use, most used first (what Ctrl+T completes from).
    var shareTagsUsed: [String] { PhotoTags.mostUsed(shareSort.photoFacts.values.lazy.map { $0.marks?.tags ?? [] }) }
}
