// Why this exists: where photos' bytes are read and edited is handed to whoever reads them (the gallery and its operations, the viewer, export, rotate, the date reader, the shared thumbnails), never looked up in a global: the app's sandboxed helpers, or this process for tests, benchmarks and tools, which alone can name it (`@_spi(InProcess)`), so shipping code cannot decode a photo in the app by leaving something out.
import Foundation

public struct Decoders: Sendable {
    /// The app's helpers; nil: this process.
    public let pool: HelperPool?
    /// The pixels all decodes in flight in this process may hold at once: the operations pass it
    /// to a decode here, and each helper keeps one of its own.
    public let budget: DecodeBudget

    /// Photos read and edited in `pool`'s sandboxed helpers (the app), their pixels within `budget`.
    public static func helpers(_ pool: HelperPool, budget: DecodeBudget) -> Decoders { Decoders(pool: pool, budget: budget) }

    /// Photos read and edited in this process, each use with a budget of its own: tests,
    /// benchmarks and tools only.
    @_spi(InProcess) public static var here: Decoders { here(budget: DecodeBudget(bytes: DecodeBudget.processBytes)) }
    @_spi(InProcess) public static func here(budget: DecodeBudget) -> Decoders { Decoders(pool: nil, budget: budget) }

    private init(pool: HelperPool?, budget: DecodeBudget) {
        self.pool = pool
        self.budget = budget
    }

    /// How many photos may be read at once (one per helper; two here).
    public var concurrency: Int { pool?.size ?? 2 }
}
