// Why this exists: a decode asked where the caller's `Decoders` says: in the app's sandboxed helpers, or in this process for tests and tools (`Decoders.here`, which only they can make).
import PhotoFormats
import Foundation
import GLibRuntime

extension ImageDecoder {
    public func decode(_ data: Data, by decoders: Decoders, within budget: DecodeBudget? = nil, cancellable: Cancellable? = nil,
                       isCancelled: () -> Bool = { false }) throws(DecodeError) -> Thumbnail {
        var report = Report()
        return try decode(data, by: decoders, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled)
    }

    /// Decode `data` where `decoders` says: in a helper process (the app), or here (tests, tools).
    public func decode(_ data: Data, by decoders: Decoders, report: inout Report, within budget: DecodeBudget? = nil,
                       cancellable: Cancellable? = nil, isCancelled: () -> Bool = { false }) throws(DecodeError) -> Thumbnail {
        if let pool = decoders.pool { return try decode(in: pool, data, report: &report, cancellable: cancellable) }
        return try decodeHere(data, report: &report, parsers: decoders.parsers, within: budget, cancellable: cancellable, isCancelled: isCancelled)
    }
}
