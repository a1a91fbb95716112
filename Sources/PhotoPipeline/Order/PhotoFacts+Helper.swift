// Why this exists: the app's side of reading photos' facts: each file's first bytes read here (never its pixels), a batch of them handed to a decoding helper in one request, and its answer checked as untrusted input.
import Foundation
import GLibRuntime

extension PhotoFacts {
    /// How much of each file is read: a JPEG's Exif segment (at most 64 KB) after its JFIF one.
    public static let prefixBytes = 80 * 1024
    /// The most photos one request carries.
    public static let mostPerRequest = 64

    /// The first `prefixBytes` of the file at `path` (nil: it cannot be read).
    static func prefix(ofFile path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = Data(count: prefixBytes)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, prefixBytes, 0) }
        guard count >= 0 else { return nil }
        buffer.count = count
        return buffer
    }

    /// The facts of the files at `paths` (each nil when its file or its metadata cannot be read),
    /// read in a helper (in this process when there is no helper pool: the pipeline's tests).
    static func read(paths: [String], cancellable: Cancellable?) -> [PhotoFacts?] {
        let prefixes = paths.map { prefix(ofFile: $0) ?? Data() }
        guard let pool = HelperPool.shared else { return prefixes.map { $0.isEmpty ? nil : readHere($0)?.checked() } }
        var bytes = Data()
        bytes.reserveCapacity(prefixes.reduce(0) { $0 + $1.count })
        for prefix in prefixes { bytes.append(prefix) }
        let lengths = prefixes.map(\.count)
        guard case .success(let (reply, _)) = pool.ask(origin: "file:", bytes: bytes, cancellable: cancellable, { .facts(id: $0, lengths: lengths) }),
              let facts = reply.facts else { return paths.map { _ in nil } }
        // A helper's answer is taken as far as it goes, and only as plausible values.
        return paths.indices.map { index in index < facts.count ? facts[index]?.checked() : nil }
    }
}
