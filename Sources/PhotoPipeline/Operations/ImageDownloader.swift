// Why this exists: the tutorial's ImageDownloader: fetch the bytes (cancel aborts the transfer) and decode them, downscaled.
import Foundation
import GLibRuntime

public final class ImageDownloader: PhotoOperation, @unchecked Sendable {
    public let url: URL
    let fetcher: ResourceFetcher
    let decoder: ImageDecoder
    let byteLimit: Int
    /// Passed to libsoup or GIO: cancelling the operation aborts the transfer in flight.
    let cancellable = Cancellable()

    public init(row: Int, url: URL, fetcher: ResourceFetcher, decoder: ImageDecoder, byteLimit: Int) {
        self.url = url
        self.fetcher = fetcher
        self.decoder = decoder
        self.byteLimit = byteLimit
        super.init(row: row, stage: .download)
    }

    public override func cancel() {
        super.cancel()
        cancellable.cancel()
    }

    override func work() -> StageResult? {
        let data: Data
        do {
            data = try fetcher.fetch(url, limit: byteLimit, cancellable: cancellable)
        } catch .cancelled {
            return nil
        } catch {
            return .failure(error.description)
        }
        if isCancelled { return nil }
        do {
            return .image(try decoder.decode(data, isCancelled: { [unowned self] in isCancelled }))
        } catch .cancelled {
            return nil
        } catch {
            return .failure(error.description)
        }
    }
}
