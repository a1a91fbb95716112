// Why this exists: what the app and a decoding helper say to each other, as values: a request with the photo's bytes in a memfd beside it, and a reply with pixels in a sealed memfd beside it. The app reads a reply as untrusted input: a compromised helper may send anything.
import PhotoFormats
import Foundation
import MetadataValues

/// What the app asks of a helper. The photo's bytes travel as a descriptor beside the request.
public enum HelperRequest: Codable, Sendable, Equatable {
    /// Decode to pixels with this decoder (its settings, as it would here).
    case decode(id: Int, ImageDecoder)
    /// A cache's PNG thumbnail, no larger than `maxSide`, with these text keys.
    case png(id: Int, keys: [String], maxSide: Int)
    /// Read an animation and keep it for `frame` requests; reply with its first frame.
    case animate(id: Int, pixelLimit: Int, processorSeconds: Double)
    /// The kept animation's frame at `elapsed` milliseconds after its start.
    case frame(id: Int, elapsed: Int64)
    /// What the photo's profile does to its colours, from its first bytes (`ImageDecoder.checkProfile`).
    case profile(id: Int)
    /// A saved photo's metadata, edited, in parts (`KeptMetadata`): the bytes beside the request
    /// are the original's; the parts come back beside the reply, laid out as `keptLayout` says.
    case keep(id: Int, MetadataEdit)
    /// Several photos' facts (`PhotoFacts`) from their first bytes: the bytes beside the request
    /// are each photo's, `lengths` of them, one after another.
    case facts(id: Int, lengths: [Int])
    /// A photo's file turned a quarter (`PhotoTurning.turnedHere`: its orientation, or a PNG's or
    /// lossless WebP's pixels), beside the reply.
    case turn(id: Int, QuarterTurn)
    /// A PNG's samples as its image data holds them (rows without filter bytes), for the app to
    /// compare a turn's result with its original (asked of a fresh helper).
    case pngSamples(id: Int)
    /// A lossless WebP's own pixels, exactly as libwebp decodes them (RGBA, no orientation), for
    /// the app to compare a turn's result with its original (asked of a fresh helper).
    case losslessPixels(id: Int)
    /// A photo's file with its marks changed (`PhotoMarking`), beside the reply, with the marks
    /// it had.
    case mark(id: Int, MarksChange)
    /// Stop the request `id` between chunks (it replies `cancelled`).
    case cancel(id: Int)

    public var id: Int {
        switch self {
        case .decode(let id, _), .png(let id, _, _), .animate(let id, _, _), .frame(let id, _), .profile(let id), .keep(let id, _),
             .facts(let id, _), .turn(let id, _), .pngSamples(let id), .losslessPixels(let id), .mark(let id, _), .cancel(let id): return id
        }
    }
}

/// The shape of pixels in the memfd beside a reply: 8-bit RGB or RGBA rows of `rowStride` bytes.
public struct PixelShape: Codable, Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rowStride: Int
    public var hasAlpha: Bool

    public init(width: Int, height: Int, rowStride: Int, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.hasAlpha = hasAlpha
    }

    /// The most pixels a reply may carry (a 100-megapixel photo's, the largest decoded).
    static let mostPixels = 400_000_000
    /// The bytes these pixels take, if the shape is one the app accepts.
    var byteLength: Int? {
        let channels = hasAlpha ? 4 : 3
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, width * height <= Self.mostPixels,
              rowStride >= width * channels, rowStride <= width * channels + 64 else { return nil }
        return rowStride * (height - 1) + width * channels
    }
}

/// What a helper answers.
public struct HelperReply: Codable, Sendable, Equatable {
    public var id: Int
    /// Pixels beside the reply (a decode, a thumbnail, a frame).
    public var pixels: PixelShape?
    /// Why nothing was decoded.
    public var error: DecodeError?
    /// What the decode learned about the photo (its format, declared size and frames).
    public var report: ImageDecoder.Report?
    /// What a photo's profile does to its colours (a `profile` request).
    public var profileCheck: ProfileCheck?
    /// How much of a photo's metadata a `keep` kept; with `all` or `standard`, its parts (of
    /// `fileLength` bytes in all) are in the memfd beside the reply, laid out as `keptLayout`
    /// says, and its plain fields are `keptFields`.
    public var kept: MetadataKept?
    public var fileLength: Int?
    public var keptLayout: KeptLayout?
    public var keptFields: KeptFields?
    /// A `facts` request's answer: each photo's facts, in order (nil: none could be read).
    public var facts: [PhotoFacts?]?
    /// A PNG's text keys.
    public var text: [String: String]?
    /// An animation's frame count, and how long the frame beside the reply shows (nil: to the end).
    public var frames: Int?
    public var delay: Int?
    /// Why an animation does not play (it is a still, too long, too large…).
    public var refusal: AnimationRefusal?

    /// A marked photo's marks before (`mark`): untrusted, checked before Undo uses them.
    public var marks: PhotoMarks?
    public init(id: Int) { self.id = id }
}

/// The first message a helper sends, once its loaders are loaded and its filter is on.
public struct HelperReady: Codable, Sendable, Equatable {
    /// Whether the seccomp filter is on.
    public var filtered: Bool
    /// Why not, if it is not.
    public var problem: String?
    /// Where the app asked for Landlock: the ABI it is on at (0: this kernel has none).
    public var landlock: Int?

    public init(filtered: Bool, problem: String? = nil) {
        self.filtered = filtered
        self.problem = problem
    }
}

public enum HelperCoding {
    /// The largest message either side sends: anything longer is refused.
    public static let messageLimit = 64 * 1024

    public static func encode<T: Encodable>(_ value: T) -> Data { (try? JSONEncoder().encode(value)) ?? Data() }
    public static func decode<T: Decodable>(_ type: T.Type, _ data: Data) -> T? { try? JSONDecoder().decode(type, from: data) }
}
