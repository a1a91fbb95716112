// Why this exists: the app's side of reading photos' facts: each file's first bytes read here (never its pixels), a batch of them handed to a decoding helper in one request, and its answer checked as untrusted input.
import PhotoFormats
import Foundation
import GLibRuntime

extension PhotoFacts {
    /// How much of each file is read first, and at most: a JPEG's Exif segment (at most 64 KB)
    /// after its JFIF one is read to its end, and no further.
    public static let firstBytes = 16 * 1024
    public static let prefixBytes = 80 * 1024
    /// The most photos one request carries.
    public static let mostPerRequest = 64

    /// The first bytes of the file at `path`, appended to `buffer`: `firstBytes`, or up to the
    /// end of a JPEG's first APP0/APP1 segments when they go on past them (its length read
    /// from the markers, not the EXIF in them). Returns how many were appended (0: unreadable).
    static func appendPrefix(ofFile path: String, to buffer: inout Data) -> Int {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        let start = buffer.count
        func read(upTo length: Int) -> Bool {
            let have = buffer.count - start
            guard length > have else { return true }
            buffer.count = start + length
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + start + have, length - have, off_t(have)) }
            buffer.count = start + have + max(0, count)
            return count >= 0
        }
        guard read(upTo: firstBytes) else { buffer.count = start; return 0 }
        if let end = jpegSegmentsEnd(buffer[start...]), end > buffer.count - start { _ = read(upTo: min(end, prefixBytes)) }
        // A PNG's or WebP's metadata may lie after its pixels: only its chunks that hold it.
        if let gathered = MetadataChunks.gathered(fd, size: Int(info.st_size), head: buffer[start...]) {
            buffer.count = start
            buffer.append(gathered)
        }
        return buffer.count - start
    }

    /// Where a JPEG's leading APPn segments end, if `data` starts a JPEG (lengths from markers only).
    package static func jpegSegmentsEnd(_ data: Data) -> Int? {
        let base = data.startIndex
        guard data.count >= 4, data[base] == 0xFF, data[base + 1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= data.count, data[base + at] == 0xFF, (0xE0...0xEF).contains(data[base + at + 1]) {
            at += 2 + (Int(data[base + at + 2]) << 8 | Int(data[base + at + 3]))
        }
        return at + 4 <= data.count ? nil : at + 4
    }

    /// The first `prefixBytes` of the file at `path` (nil: it cannot be read).
    static func prefix(ofFile path: String) -> Data? {
        var buffer = Data()
        return appendPrefix(ofFile: path, to: &buffer) > 0 ? buffer : nil
    }

    /// The facts of the files at `paths` (each nil when its file or its metadata cannot be read),
    /// read in a helper (in this process when there is no helper pool: the pipeline's tests).
    package static func read(paths: [String], by decoders: Decoders, cancellable: Cancellable?) -> [PhotoFacts?] {
        // Every file's first bytes, one after another, in one buffer (copied once more, into the request's memfd).
        var bytes = Data()
        bytes.reserveCapacity(paths.count * firstBytes * 2)
        let lengths = paths.map { appendPrefix(ofFile: $0, to: &bytes) }
        return read(bytes, lengths: lengths, by: decoders, cancellable: cancellable)
    }

    /// The facts of files whose first bytes were read elsewhere (a share's, through GIO: each
    /// nil when it could not be read), read as `read(paths:)` reads them.
    package static func read(prefixes: [Data?], by decoders: Decoders, cancellable: Cancellable?) -> [PhotoFacts?] {
        var bytes = Data()
        let lengths = prefixes.map { prefix in
            guard let whole = prefix else { return 0 }
            let first = whole.prefix(prefixBytes)
            bytes.append(first)
            return first.count
        }
        return read(bytes, lengths: lengths, by: decoders, cancellable: cancellable)
    }

    /// The facts of each file whose first bytes lie in `bytes`, one after another (`lengths`).
    private static func read(_ bytes: Data, lengths: [Int], by decoders: Decoders, cancellable: Cancellable?) -> [PhotoFacts?] {
        guard let pool = decoders.pool else {
            var at = 0
            return lengths.map { length in
                defer { at += length }
                return length == 0 ? nil : readHere(bytes.subdata(in: at..<at + length), parsers: decoders.parsers)?.checked()
            }
        }
        guard case .success(let (reply, _)) = pool.ask(origin: "file:", background: true, bytes: bytes, cancellable: cancellable, fits: { _ in false }, { .facts(id: $0, lengths: lengths) }),
              let facts = reply.facts else { return lengths.map { _ in nil } }
        // A helper's answer is taken as far as it goes, and only as plausible values.
        return lengths.indices.map { index in index < facts.count ? facts[index]?.checked() : nil }
    }
}
