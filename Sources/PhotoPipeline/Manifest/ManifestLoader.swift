// Why this exists: reads a manifest from a local path or an http(s) URL, off the main thread, and parses it.
import Foundation
import GLibRuntime

public struct ManifestLoader: Sendable {
    /// A manifest larger than this is refused before it is read whole.
    public static let byteLimit = 8 << 20

    public let fetcher: ResourceFetcher
    public init(fetcher: ResourceFetcher) { self.fetcher = fetcher }

    /// Turn what the user typed or dropped (a path, a file: URL or an http(s) URL) into a URL.
    public static func sourceURL(for argument: String, relativeTo directory: String = FileManager.default.currentDirectoryPath) -> URL {
        if let scheme = URLPolicy.scheme(of: argument), let url = URL(string: argument), scheme.count > 1 {
            return url
        }
        let path = argument.hasPrefix("/") ? argument : (directory as NSString).appendingPathComponent(argument)
        return URL(fileURLWithPath: (path as NSString).standardizingPath)
    }

    /// Blocking: call on a worker thread. Cancelling `cancellable` aborts a download in flight.
    public func load(_ source: URL, cancellable: Cancellable = Cancellable()) throws(ManifestError) -> Manifest {
        guard let scheme = source.scheme?.lowercased(), ["file", "http", "https"].contains(scheme) else {
            throw ManifestError("unsupported manifest location “\(source.absoluteString)”")
        }
        let data: Data, origin: AddressSpace
        do {
            // The user chose this manifest: fetch it from anywhere, and note where it came from.
            (data, origin) = try fetcher.fetchWithSpace(source, limit: Self.byteLimit, cancellable: cancellable)
        } catch .tooLarge {
            throw ManifestError("the manifest is larger than \(ByteLimit.describe(Self.byteLimit))")
        } catch {
            throw ManifestError("could not read the manifest: \(error)")
        }
        var manifest = try ManifestParser.parse(data, source: source)
        manifest.origin = origin
        return manifest
    }
}
