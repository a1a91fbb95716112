// Why this exists: the memory level for one gallery: a row takes its image from the memory cache when it can, the rows on screen and in the prefetch band are pinned, and an eviction sends an off-screen row back to needing its image.
import Foundation
import PhotoDecoding
import PhotoFetching
import PhotoTrace

extension PhotoGallery {
    /// The key of a row's image: its URL at the row's size, original or sepia.
    func key(for row: Int, sepia: Bool) -> ImageKey? {
        guard let url = records[row].url else { return nil }
        return ImageKey(url: url.absoluteString, pixels: settings.thumbnailPixels,
                        variant: sepia ? ImageKey.sepia(settings.sepiaIntensity) : .original)
    }

    /// Give a waiting row its image from memory, if memory has it (the sepia version, else the
    /// original, which then only needs filtering). Cheap: a dictionary lookup. The list calls it
    /// when it binds a row, so a row whose image is in memory never shows a placeholder.
    @discardableResult
    public func refillFromMemory(_ row: Int) -> Bool {
        guard records.indices.contains(row), records[row].state == .new, !isBusy(row),
              let sepiaKey = key(for: row, sepia: true), let originalKey = key(for: row, sepia: false) else { return false }
        let record = records[row]
        if let sepia = memory.image(for: sepiaKey) {
            setImage(sepia, key: sepiaKey, filtered: true, on: record)
            trace.emit(.image(row: row, from: .memory, pixels: sepiaKey.pixels))
            trace.emit(.state(row: row, state: .filtered, reason: nil))
        } else if let original = memory.image(for: originalKey) {
            setImage(original, key: originalKey, filtered: false, on: record)
            trace.emit(.image(row: row, from: .memory, pixels: originalKey.pixels))
            trace.emit(.state(row: row, state: .downloaded, reason: nil))
        } else {
            return false
        }
        rowChanged.emit(row)
        return true
    }

    /// The image a row shows, or would show as soon as it is bound (from memory), and whether it
    /// is the sepia one; nil when neither its record nor memory holds one. Nothing is loaded.
    public func shownImage(_ row: Int) -> (image: Thumbnail, sepia: Bool)? {
        guard records.indices.contains(row) else { return nil }
        if let record = records.existing(row), let image = record.image { return (image, record.state == .filtered) }
        if let key = key(for: row, sepia: true), let image = memory.image(for: key) { return (image, true) }
        if let key = key(for: row, sepia: false), let image = memory.image(for: key) { return (image, false) }
        return nil
    }

    /// The rows on screen and in the prefetch band: the images they show, or will show, are
    /// never evicted.
    public func pin(_ rows: Set<Int>) {
        pinnedRows = rows
        var keys = Set<ImageKey>()
        for row in rows where records.indices.contains(row) {
            if let key = key(for: row, sepia: false) { keys.insert(key); keys.insert(key.preview) }
            if let key = key(for: row, sepia: true) { keys.insert(key) }
        }
        memory.setPinned(keys)
    }

    /// The memory cache dropped `key`: every idle row that showed that image goes back to `new`
    /// (and an unbound one gives its record up).
    func evicted(_ key: ImageKey) {
        for photo in photosWithImage[key] ?? [] {
            guard let record = records.existing(id: photo), record.imageKey == key, !pinnedRows.contains(record.row),
                  !isBusy(record.row) else { continue }
            let row = record.row
            clearImage(of: record)
            record.reset()
            trace.emit(.evicted(row: row))
            trace.emit(.state(row: row, state: .new, reason: nil))
            rowChanged.emit(row)
            forgetIfIdle(row)
        }
    }
}
