// Why this exists: where photos' bytes are read and edited is handed to whoever reads them (the gallery and its operations, the viewer, export, rotate, the date reader, the shared thumbnails), never looked up in a global: the app's sandboxed helpers, or this process for tests, benchmarks and tools, which alone can name it (`@_spi(InProcess)`), so shipping code cannot decode a photo in the app by leaving something out.
import Foundation

public struct Decoders: Sendable {
    /// The app's helpers; nil: this process.
    public let pool: HelperPool?

    /// Photos read and edited in `pool`'s sandboxed helpers (the app).
    public static func helpers(_ pool: HelperPool) -> Decoders { Decoders(pool: pool) }

    /// Photos read and edited in this process: tests, benchmarks and tools only.
    @_spi(InProcess) public static let here = Decoders(pool: nil)

    private init(pool: HelperPool?) { self.pool = pool }

    /// How many photos may be read at once (one per helper; two here).
    public var concurrency: Int { pool?.size ?? 2 }
}
