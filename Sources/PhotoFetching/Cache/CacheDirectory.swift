// Why this exists: the cache's housekeeping (listing, trimming, clearing) inside one folder and never out of it: the folder is opened without following a symlink, and its files are listed and removed relative to it, so a planted symlink cannot send a delete elsewhere.
import Foundation

enum CacheDirectory {
    struct File {
        let name: String
        let size: Int
        /// Last used (modified), Unix seconds.
        let used: Double
    }

    /// The regular files directly in `path` (symlinks and folders left alone); nil when `path`
    /// is not a folder of its own (missing, or a symlink).
    static func regularFiles(in path: String) -> [File]? {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        let listing = dup(folder)
        guard listing >= 0, let stream = fdopendir(listing) else { return nil }
        defer { closedir(stream) }
        var files: [File] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files.append(File(name: name, size: Int(info.st_size),
                              used: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
        }
        return files
    }

    /// Remove the files `names` from `path`, relative to the folder itself (nothing happens if
    /// `path` is a symlink). Returns the bytes removed.
    @discardableResult
    static func remove(_ files: [File], from path: String) -> Int {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        var removed = 0
        for file in files where !file.name.contains("/") {
            if unlinkat(folder, file.name, 0) == 0 { removed += file.size }
        }
        return removed
    }
}
