// Why this exists: the app's own HTTP cache for remote photos ($XDG_CACHE_HOME/classic-photos): the photo's bytes and its thumbnail, with HTTP freshness and validators, bounded in size, safe against corrupt files and a second instance.
//
// libsoup's SoupCache answers from cache only on its asynchronous path (soup_session_send_async),
// and the downloads run synchronously on the operation threads, so the app keeps its own.
import Foundation
import GLibRuntime

/// Layout:
/// - `entries/KEY.entry`: "CPHC1\n", a length, a JSON header (the URL, freshness, validators,
///   the thumbnail's SHA-256 and the body's), then the thumbnail: the app's own pixels
///   (`CachedPixels`, as the header's `thumbnailPixels` lays them out; read with no decoder), or a
///   PNG in entries written before them (decoded in a helper); KEY is the URL's SHA-256.
/// - `bodies/SHA256`: the photo's bytes, named by their SHA-256 (so two instances writing the same
///   photo write the same file, and a 304 rewrites only the small entry).
/// Every file is written to a temporary file and renamed. A file that does not check out (wrong
/// magic, wrong URL, wrong length or checksum) is a miss and gets replaced, never trusted.
/// Reads touch the file's time; the oldest files go first when the folder is over its limit.
public final class HTTPDiskCache: Sendable {
    public let folder: String
    public let limit: Int
    /// Whether the folders could be made (if not, the cache is off).
    public let isUsable: Bool
    /// Bytes written since the last trim (a trim scans the folder).
    private let writtenSinceTrim = Locked(0)
    /// What went wrong with its folder, said once.
    private let log = LogOnce()
    private let trimQueue = DispatchQueue(label: "http cache trim", qos: .utility)

    static let magic = Data("CPHC1\n".utf8)

    public struct Header: Codable, Sendable {
        public var url: String
        public var freshness: HTTPFreshness
        public var contentType: String?
        public var thumbnailSHA256: String
        public var thumbnailBytes: Int
        public var bodySHA256: String
        public var bodyBytes: Int
        /// The longest side the thumbnail was made for.
        public var thumbnailBox: Int
        /// How the thumbnail's pixels are laid out (`CachedPixels`); nil: a PNG.
        public var thumbnailPixels: CachedPixels.Layout?
    }

    public struct Entry: Sendable {
        public let header: Header
        /// The thumbnail's bytes (checked against their SHA-256): pixels or a PNG (`Header.thumbnailPixels`).
        public let thumbnail: Data
    }

    public init(folders: CacheFolders, limit: Int) {
        folder = folders.app
        self.limit = limit
        isUsable = CacheFolders.makeFolder(folders.app) && CacheFolders.makeFolder(folders.app + "/entries")
            && CacheFolders.makeFolder(folders.app + "/bodies")
        if !isUsable {
            log.say("http-cache", "the cache folder \(folder) cannot be written; running without a disk cache for remote photos")
        }
    }

    static func key(_ url: String) -> String { sha256(Data(url.utf8)) }

    static func sha256(_ data: Data) -> String { Checksum.sha256(data) }

    /// A name read from an entry becomes a path only if it is what the cache writes: 64
    /// lower-case hex digits (never "../…" or "/…").
    static func isSHA256(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private func entryPath(_ url: String) -> String { "\(folder)/entries/\(Self.key(url)).entry" }
    private func bodyPath(_ sha: String) -> String { "\(folder)/bodies/\(sha)" }

    /// The entry for `url`, if there is one that checks out.
    public func entry(for url: String) -> Entry? {
        guard isUsable else { return nil }
        let path = entryPath(url)
        guard let data = SharedThumbnails.readSmallFile(path, limit: 64 << 20),
              let entry = Self.parse(data, url: url), FileManager.default.fileExists(atPath: bodyPath(entry.header.bodySHA256)) else {
            return nil
        }
        // Both files were used: neither is among the oldest now.
        touch(path)
        touch(bodyPath(entry.header.bodySHA256))
        return entry
    }

    /// The photo's bytes for an entry, checked against their SHA-256 (nil if missing or changed).
    public func body(of entry: Entry) -> Data? {
        let path = bodyPath(entry.header.bodySHA256)
        guard let data = SharedThumbnails.readSmallFile(path, limit: max(entry.header.bodyBytes, 1)),
              data.count == entry.header.bodyBytes, Self.sha256(data) == entry.header.bodySHA256 else { return nil }
        touch(path)
        return data
    }

    static func parse(_ data: Data, url: String) -> Entry? {
        guard data.count > magic.count + 4, data.prefix(magic.count) == magic else { return nil }
        let lengthBytes = data.dropFirst(magic.count).prefix(4)
        let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        let headerStart = data.startIndex + magic.count + 4
        guard headerLength > 0, headerStart + headerLength <= data.endIndex,
              let header = try? JSONDecoder().decode(Header.self, from: data[headerStart..<headerStart + headerLength]),
              header.url == url, isSHA256(header.bodySHA256), header.bodyBytes >= 0, header.thumbnailBytes >= 0 else { return nil }
        let thumbnail = data[(headerStart + headerLength)...]
        guard thumbnail.count == header.thumbnailBytes, sha256(Data(thumbnail)) == header.thumbnailSHA256 else { return nil }
        return Entry(header: header, thumbnail: Data(thumbnail))
    }

    /// Store a response (the body, its thumbnail, its freshness). Nothing is stored for
    /// `no-store` (the caller checks `HTTPFreshness.mayStore`).
    /// `pixels`: how `thumbnail`'s pixels are laid out (nil: it is a PNG).
    public func store(url: String, freshness: HTTPFreshness, contentType: String?, body: Data, thumbnail: Data, box: Int,
                      pixels: CachedPixels.Layout? = nil) {
        guard isUsable else { return }
        let bodySHA = Self.sha256(body)
        let header = Header(url: url, freshness: freshness, contentType: contentType, thumbnailSHA256: Self.sha256(thumbnail),
                            thumbnailBytes: thumbnail.count, bodySHA256: bodySHA, bodyBytes: body.count, thumbnailBox: box,
                            thumbnailPixels: pixels)
        let path = bodyPath(bodySHA)
        // A body file already there is kept only if it checks out: a corrupt one is replaced.
        let kept = SharedThumbnails.readSmallFile(path, limit: max(body.count, 1)).map { Self.sha256($0) == bodySHA } ?? false
        if !kept, !writeAtomically(body, to: path) { return failed() }
        guard write(header, thumbnail: thumbnail, url: url) else { return failed() }
        noteWritten(body.count + thumbnail.count)
    }

    /// After a 304: the same body and thumbnail, fresh again.
    public func refresh(_ entry: Entry, freshness: HTTPFreshness) {
        guard isUsable else { return }
        var header = entry.header
        header.freshness = freshness
        if !write(header, thumbnail: entry.thumbnail, url: header.url) { failed() }
    }

    private func write(_ header: Header, thumbnail: Data, url: String) -> Bool {
        guard let json = try? JSONEncoder().encode(header) else { return false }
        var data = Self.magic
        data.append(contentsOf: [UInt8(json.count >> 24 & 0xff), UInt8(json.count >> 16 & 0xff), UInt8(json.count >> 8 & 0xff), UInt8(json.count & 0xff)])
        data.append(json)
        data.append(thumbnail)
        return writeAtomically(data, to: entryPath(url))
    }

    private func failed() {
        // The folder may have become unwritable (or the disk full): go on without it, saying so once.
        log.say("http-cache-write", "cannot write to the cache folder \(folder); going on without a disk cache for remote photos")
    }

    private func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    private func noteWritten(_ bytes: Int) {
        let due = writtenSinceTrim.withLock { written in
            written += bytes
            return written > limit / 10
        }
        if due { trim() }
    }

    /// Delete the least recently used files until the folder is within 90 % of its limit, on a
    /// background queue (never on the main loop). Only regular files inside `entries/` and
    /// `bodies/` are touched; a symlink there, or in their place, is left alone.
    public func trim(completion: (@Sendable () -> Void)? = nil) {
        trimQueue.async { [self] in
            writtenSinceTrim.withLock { $0 = 0 }
            var files: [(folder: String, file: CacheDirectory.File)] = []
            for sub in ["entries", "bodies"] {
                let directory = "\(folder)/\(sub)"
                files += (CacheDirectory.regularFiles(in: directory) ?? []).map { (directory, $0) }
            }
            var total = files.reduce(0) { $0 + $1.file.size }
            let target = limit / 10 * 9
            for item in files.sorted(by: { $0.file.used < $1.file.used }) where total > target {
                total -= CacheDirectory.remove([item.file], from: item.folder)
            }
            completion?()
        }
    }

    /// Bytes the cache holds now (tests and the inspector).
    public var size: Int {
        ["entries", "bodies"].reduce(0) { total, sub in
            total + (CacheDirectory.regularFiles(in: "\(folder)/\(sub)") ?? []).reduce(0) { $0 + $1.size }
        }
    }

    /// Empty the app's cache folder (Clear Cache), and only it.
    public func removeAll() {
        for sub in ["entries", "bodies"] {
            let directory = "\(folder)/\(sub)"
            CacheDirectory.remove(CacheDirectory.regularFiles(in: directory) ?? [], from: directory)
        }
    }
}
