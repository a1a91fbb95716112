// Why this exists: where a photo's bytes come from and the limits every read and decode of them obeys, shared by the list's download and the viewer's load.
import Foundation
import PhotoTrace
import PhotoDecoding
import PhotoFetching

public struct PhotoSource: Sendable {
    public let url: URL
    /// Files and HTTP, and the disk caches to try first.
    let fetcher: ResourceFetcher
    let caches: DiskCaches
    /// Where the gallery came from: which addresses the photo may come from.
    let origin: AddressSpace
    /// Refused before their pixels are allocated: images declaring more than this.
    let pixelLimit: Int
    /// Refused as they stream: responses and files larger than this.
    let byteLimit: Int
    /// Where its bytes are decoded: the app's helpers.
    let decoders: Decoders
    /// Where what its decode found (its colour) is said.
    let trace: Trace

    public init(url: URL, fetcher: ResourceFetcher, caches: DiskCaches = .none, origin: AddressSpace = .local,
                pixelLimit: Int = ImageDecoder.defaultPixelLimit, byteLimit: Int, decoders: Decoders, trace: Trace) {
        self.url = url
        self.fetcher = fetcher
        self.caches = caches
        self.origin = origin
        self.pixelLimit = pixelLimit
        self.byteLimit = byteLimit
        self.decoders = decoders
        self.trace = trace
    }
}
