// Why this exists: where photos' bytes are read and edited is handed to whoever reads them (the gallery and its operations, the viewer, export, rotate, the date reader, the shared thumbnails), never looked up in a global: the app's sandboxed helpers, or this process for tests, benchmarks and tools, which alone can name it (`@_spi(InProcess)`), so shipping code cannot decode a photo in the app by leaving something out.
import Foundation

public struct Decoders: Sendable {
    /// The app's helpers; nil: this process.
    public let pool: HelperPool?
    /// The pixels all decodes in flight in this process may hold at once: the operations pass it
    /// to a decode here, and each helper keeps one of its own.
    public let budget: DecodeBudget
    /// The photo parsers a read here uses (DecodeHelper's `LinkedParsers`, where this program
    /// links them); nil in the app, whose helpers hold them.
    public let parsers: ParserLibraries?

    /// Photos read and edited in `pool`'s sandboxed helpers (the app), their pixels within `budget`.
    public static func helpers(_ pool: HelperPool, budget: DecodeBudget) -> Decoders { Decoders(pool: pool, budget: budget, parsers: nil) }

    /// Photos read and edited in this process with `parsers` (nil: without the metadata and
    /// libwebp readers), their pixels within `budget`: tests, benchmarks and tools only. Those
    /// that link the parsers say `.here` (DecodeHelper's `DecodingHere`).
    @_spi(InProcess) public static func here(budget: DecodeBudget = DecodeBudget(bytes: DecodeBudget.processBytes), parsers: ParserLibraries?) -> Decoders {
        Decoders(pool: nil, budget: budget, parsers: parsers)
    }

    private init(pool: HelperPool?, budget: DecodeBudget, parsers: ParserLibraries?) {
        self.pool = pool
        self.budget = budget
        self.parsers = parsers
    }

    /// How many photos may be read at once (one per helper; two here).
    public var concurrency: Int { pool?.size ?? 2 }
}
