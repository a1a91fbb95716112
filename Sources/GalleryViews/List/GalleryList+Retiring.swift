// Why this exists: the row widgets GtkListView lets go of are freed a few at a time at idle moments, not in the frame that let them go: a filter that leaves a handful of 100,000 rows drops about 200 at once, and freeing their widget trees there stalled the main loop past a frame.
import GLibRuntime

extension GalleryList {
    /// How many let-go rows are freed at each idle moment.
    package static let retiringStep = 16

    /// GTK let go of `row`'s item: the row is kept until an idle moment frees it, with others.
    package func retire(_ row: PhotoRow) {
        retiring.append(row)
        guard !freeingRetired else { return }
        freeingRetired = true
        MainLoop.whenIdle { [weak self] in self?.freeRetired() }
    }

    /// A step of the let-go rows freed; the next step at the next idle moment.
    private func freeRetired() {
        retiring.removeLast(min(Self.retiringStep, retiring.count))
        guard !retiring.isEmpty else { return freeingRetired = false }
        MainLoop.whenIdle { [weak self] in self?.freeRetired() }
    }
}
