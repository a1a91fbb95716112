// Why this exists: a RAW file's thumbnail made from the file's head (its previews; `RawHead` says how far), not its 25 MB of sensor data copied twice into the helper's memfd, which made a folder of RAW files four times slower than it should be (BENCHMARKS.md, issue 62).
import Foundation
import PhotoFetching
import PhotoFormats

extension ImageDownloader {
    /// The head of the photo when it is a RAW file that is a TIFF inside and its previews end
    /// before its sensor's data; nil otherwise (its bytes are read whole).
    func rawHead(_ context: WorkContext, fileSize: Int) throws(FetchError) -> Data? {
        guard CameraFile.rawExtensions.contains(source.url.pathExtension.lowercased()), fileSize > RawHead.searchBytes else { return nil }
        let start = try source.fetcher.fetchStart(source.url, count: RawHead.searchBytes, cancellable: context.cancellable)
        guard case .raw = CameraFile.kind(of: start, name: source.url.lastPathComponent),
              let needed = RawHead.bytesNeeded(start, fileSize: fileSize), needed <= source.byteLimit else { return nil }
        if needed <= start.count { return start.prefix(needed) }
        return try source.fetcher.fetchStart(source.url, count: needed, cancellable: context.cancellable)
    }
}
