// Why this exists: the rows' thumbnail size changed at run time: work at the old size stops, every row with an image starts over at the new size but keeps showing the old image until the new one arrives.
import Foundation
import PhotoTrace

extension PhotoGallery {
    /// Thumbnails are `pixels` wide from now on (the row size times the display's scale). Rows
    /// on screen and in the prefetch band start again when the scheduler next looks (the window
    /// asks it to); the memory cache or the disk caches may answer at once.
    public func setThumbnailPixels(_ pixels: Int) {
        guard pixels != settings.thumbnailPixels else { return }
        settings.thumbnailPixels = pixels
        // Work under way makes images of the old size: stop it.
        for row in rowsInProgress.sorted() { cancelOperations(for: row) }
        for record in records.existingRecords where record.state == .downloaded || record.state == .filtered {
            record.markResized()
            trace.emit(.state(row: record.row, state: .new, reason: nil))
            rowChanged.emit(record.row)
        }
    }
}
