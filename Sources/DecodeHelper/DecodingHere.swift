// Why this exists: reading and editing photos in this process with the parsers this program links (`Decoders.here`), for the pipeline's tests, benchmarks and fuzzers, which link DecodeHelper as the helper's program does; the app links neither, so it cannot decode a photo in its own process.
@_spi(InProcess) import PhotoDecoding
import Foundation
import GLibRuntime
import PhotoFormats

extension Decoders {
    /// Photos read and edited in this process with this program's parsers, each use with a
    /// budget of its own.
    public static var here: Decoders { .here(budget: DecodeBudget(bytes: DecodeBudget.processBytes), parsers: LinkedParsers.libraries) }
    /// The same, within `budget`.
    public static func here(budget: DecodeBudget) -> Decoders { .here(budget: budget, parsers: LinkedParsers.libraries) }
}

extension ImageDecoder {
    /// `decode(_:by:…)` here.
    public func decode(_ data: Data, within budget: DecodeBudget? = nil, cancellable: Cancellable? = nil,
                       isCancelled: () -> Bool = { false }) throws(DecodeError) -> Thumbnail {
        try decode(data, by: .here, within: budget, cancellable: cancellable, isCancelled: isCancelled)
    }

    /// `decode(_:by:report:…)` here.
    public func decode(_ data: Data, report: inout Report, within budget: DecodeBudget? = nil,
                       cancellable: Cancellable? = nil, isCancelled: () -> Bool = { false }) throws(DecodeError) -> Thumbnail {
        try decode(data, by: .here, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled)
    }
}

extension PhotoTurning {
    /// `turn(_:_:by:)` here.
    @discardableResult
    public static func turn(_ path: String, _ turn: QuarterTurn) throws(TurnRefusal) -> SidecarTurning.Turn? {
        try self.turn(path, turn, by: .here)
    }
}
