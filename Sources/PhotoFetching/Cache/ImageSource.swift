// Why this exists: the cache level a row's image came from, for the trace, the tests and (later) the inspector's badges.
public enum ImageSource: String, Sendable, Codable, CaseIterable {
    /// The decoded-image cache in memory.
    case memory
    /// The desktop's shared thumbnail cache ($XDG_CACHE_HOME/thumbnails), for local photos.
    case thumbnailCache = "thumbnail-cache"
    /// The app's HTTP cache, fresh: no request at all.
    case httpCache = "http-cache"
    /// The app's HTTP cache after the server answered 304 Not Modified (no body, no decode).
    case revalidated
    /// Downloaded and decoded.
    case network
    /// A local photo, read and decoded.
    case file
    /// A JPEG's own EXIF thumbnail, from the file's first bytes: a preview shown while the photo
    /// is read (a share's), never kept in a cache on disk.
    case embeddedThumbnail = "embedded-thumbnail"
}
