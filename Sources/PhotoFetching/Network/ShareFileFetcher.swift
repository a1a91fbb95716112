// Why this exists: a photo's bytes, its first bytes or its size and time read from a share (SMB, SFTP, WebDAV) through GIO, with the local reads' deadlines: a share that stops answering fails the read with the reason, never a spinner; the share's reads that are stuck are capped per server.
import PhotoFormats
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding

extension LocalFileFetcher {
    /// Read the file at a share's `url` (at most `limit` bytes) on the calling (worker) thread,
    /// within the deadlines.
    public func fetchShared(_ url: URL, limit: Int, cancellable: Cancellable) throws(FetchError) -> Data {
        try onShare(url, cancellable: cancellable, whole: true) { job, reading throws(FetchError) in
            let (stream, size) = try Self.opened(url, cancellable: reading)
            defer { stream.close() }
            if let size, size > limit { throw .tooLarge(limit: limit) }
            return try self.readAll(stream, limit: limit, expected: size.map { Int($0) }, job: job, cancellable: reading)
        }
    }

    /// The first `count` bytes of the file at a share's `url` (fewer if it is shorter): a
    /// ranged read, so a big photo is not fetched whole for its header. `extending`, given what
    /// was read, may ask for more, up to `most` bytes: read on from the same stream.
    /// `from`: read from that offset instead (a file's end, where a PNG may keep its metadata).
    public func fetchSharedStart(_ url: URL, from offset: Int64 = 0, count: Int, most: Int? = nil, cancellable: Cancellable,
                                 extending: (@Sendable (Data) -> Int?)? = nil) throws(FetchError) -> Data {
        try onShare(url, cancellable: cancellable, whole: true) { job, reading throws(FetchError) in
            // Its size is not asked: a round trip less (of about five) for each preview and date.
            let (stream, _) = try Self.opened(url, offset: offset, withSize: false, cancellable: reading)
            defer { stream.close() }
            var data = Data()
            var count = count
            var chunk = [UInt8](repeating: 0, count: min(max(count, most ?? 0), 64 * 1024))
            while data.count < count {
                defer {
                    if data.count == count, let extending, let wanted = extending(data), wanted > count { count = min(wanted, most ?? count) }
                }
                let wanted = min(chunk.count, count - data.count)
                let result: Result<Int, GLibError> = chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(GLibError) in try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), cancellable: reading) }
                }
                let read: Int
                switch result {
                case .success(let got): read = got
                case .failure(let error): throw Self.failure(error, url)
                }
                if read <= 0 { break }
                data.append(contentsOf: chunk[0..<read])
                job.madeProgress()
            }
            return data
        }
    }

    /// Whether `error` says the share itself failed (it stopped answering, or is not mounted),
    /// rather than one file on it.
    public static func isShareFailure(_ error: FetchError) -> Bool {
        switch error {
        case .timedOut, .notAnswering: true
        case .transfer(let words): words.template == notMounted("").template
        default: false
        }
    }

    private static func notMounted(_ name: String) -> Words { Words("the share holding “%1$s” is not mounted", name) }

    /// The size and modification time (seconds) of the file at a share's `url`.
    public func sharedStatus(_ url: URL, cancellable: Cancellable) throws(FetchError) -> LocalFileStatus {
        try onShare(url, cancellable: cancellable, whole: false) { _, reading throws(FetchError) in
            let entry: DirectoryEntry
            do throws(GLibError) {
                entry = try ShareFiles.entry(uri: url.absoluteString, cancellable: reading)
            } catch {
                throw Self.failure(error, url)
            }
            guard entry.kind == .regular else { throw .notARegularFile(name: url.lastPathComponent, kind: entry.kind == .directory ? .folder : .other) }
            return LocalFileStatus(size: Int(entry.size), modified: Int(entry.modified / 1_000_000))
        }
    }

    /// The server a share's URL is on, as its stuck reads are counted.
    public static func server(of url: URL) -> String { "\(url.scheme ?? "")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")" }

    /// The share holding `url` was mounted anew: reads abandoned while its last backend was dying
    /// (GVfs blocks them until it has ended) no longer count against the new one.
    public func shareMountedAgain(_ url: URL) { stuck.forget(Self.server(of: url)) }

    /// Run `body` on a thread of its own under the deadlines, with a cancellable of its own that
    /// is cancelled once the waiter is done (a read abandoned for want of progress stops as soon
    /// as GIO lets it).
    private func onShare<T: Sendable>(_ url: URL, cancellable: Cancellable, whole: Bool,
                                      _ body: @escaping @Sendable (ReadJob<T>, Cancellable) throws(FetchError) -> T) throws(FetchError) -> T {
        let reading = Cancellable()
        let link = cancellable.onCancel { reading.cancel() }
        defer {
            cancellable.disconnect(link)
            reading.cancel()
        }
        return try watched(path: url.absoluteString, mount: Self.server(of: url), cancellable: cancellable,
                           wholeSeconds: whole ? configuration.totalTimeoutSeconds : nil) { job throws(FetchError) in
            try body(job, reading)
        }
    }

    private static func opened(_ url: URL, offset: Int64 = 0, withSize: Bool = true, cancellable: Cancellable) throws(FetchError) -> (ReadStream, Int64?) {
        do throws(GLibError) {
            return try ShareFiles.open(uri: url.absoluteString, offset: offset, withSize: withSize, cancellable: cancellable)
        } catch {
            throw failure(error, url)
        }
    }

    private func readAll(_ stream: ReadStream, limit: Int, expected: Int?, job: ReadJob<Data>, cancellable: Cancellable) throws(FetchError) -> Data {
        let seconds = Int(configuration.ioTimeoutSeconds.rounded(.up))
        return try StreamReader.readAll(stream, limit: limit, expected: expected, cancellable: cancellable, deadline: .distantFuture,
                                        timeoutSeconds: seconds, ioTimeoutSeconds: seconds, progress: { _, _ in job.madeProgress() })
    }

    /// A GIO failure on a share, in words.
    static func failure(_ error: GLibError, _ url: URL) -> FetchError {
        if error.isCancelled { return .cancelled }
        if error.isNotMounted { return .transfer(notMounted(url.lastPathComponent)) }
        return .transfer(Words(verbatim: error.message))
    }
}
