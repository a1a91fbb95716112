// Why this exists: the tutorial's ImageDownloader: fetch the bytes (cancel aborts the transfer) and decode them, downscaled.
import Foundation

public struct ImageDownloader: StageWork {
    public let url: URL
    let fetcher: ResourceFetcher
    let decoder: ImageDecoder
    let byteLimit: Int
    /// Where the gallery came from: which addresses the photo may come from.
    let origin: AddressSpace
    public var stage: Stage { .download }

    public init(url: URL, fetcher: ResourceFetcher, decoder: ImageDecoder, byteLimit: Int, origin: AddressSpace = .local) {
        self.url = url
        self.origin = origin
        self.fetcher = fetcher
        self.decoder = decoder
        self.byteLimit = byteLimit
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        let data: Data
        do {
            data = try fetcher.fetch(url, limit: byteLimit, cancellable: context.cancellable, from: origin)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(error.description)
        }
        if context.isCancelled { return .cancelled }
        do {
            return .image(try decoder.decode(data, isCancelled: { context.isCancelled }))
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(error.description)
        }
    }
}
