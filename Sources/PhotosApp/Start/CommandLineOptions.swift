// Why this exists: the app's own command-line options (trace, concurrency, naive mode, an export once the gallery has loaded), stripped before GApplication sees argv.
import GalleryViews
import Foundation
import PhotoPipeline
import GalleryContents
import PhotoTrace

struct CommandLineOptions {
    var tracePath: String?
    var downloadConcurrency: Int?
    var filtrationConcurrency: Int?
    var naive = false
    /// Benchmarks only: decode at full size, then scale (measures what downscale-at-decode saves).
    var fullDecode = false
    /// Export the gallery to this folder once it has loaded (as Export Gallery does, shown in the window).
    var exportFolder: String?
    var exportFormat = ExportFormat.jpeg
    var exportSepia = true
    var exportKeepsLocation = false
    /// The rows' thumbnail size for this run (not saved), instead of the preference.
    var thumbnailSize: Int32?
    var layout: GalleryLayout?
    /// The order galleries show in for this run (not saved), instead of each one's own.
    var order: PhotoOrder?
    /// Folders are listed with their subfolders, for this run.
    var subfolders = false
    /// What is left for g_application_run: argv[0] and the files or URLs to open.
    var remaining: [String] = []

    static let usage = """
    Usage: classic-photos [OPTION…] [MANIFEST-FILE-or-URL]

    Shows a gallery manifest (an XML or binary property list, or JSON, of photo names and
    image URLs); with no argument, the last gallery opened or the bundled sample gallery.

      --trace FILE              append one JSON event a line to FILE
      --concurrency N           N downloads and N filters at once (1 is the tutorial's one-by-one)
      --downloads N             downloads at once (default 6)
      --filters N               filters at once (default: number of cores)
      --naive                   the tutorial's "first try": download and filter on the main thread
      --full-decode             decode whole images, then scale (for the memory benchmark)
      --export-to FOLDER        once the gallery has loaded, export every photo to FOLDER
                                (as Export Gallery does; existing files are never replaced)
      --export-format FORMAT    jpeg (the default), png or webp
      --export-original         export the originals, not the sepia versions
      --export-keep-location    keep where each photo was taken (GPS, place names)
      --thumbnail-size N        thumbnails N pixels wide (48, 64, 96, 128, 192 or 256)
      --view list|grid          show the gallery as a list of rows or a grid, for this run
      --sort ORDER              sort by name, date-taken, modified or size (a folder) or own
                                (a manifest), with -desc for descending, for this run
      --subfolders              include the photos of a folder's subfolders, for this run
      -h, --help                show this help
    """

    static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var options = CommandLineOptions()
        options.remaining = [arguments.first ?? "classic-photos"]
        var index = 1
        func value(_ name: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value") }
            return arguments[index]
        }
        func count(_ name: String) throws -> Int {
            let text = try value(name)
            guard let n = Int(text), n >= 1, n <= 64 else { throw UsageError("\(name) needs a number from 1 to 64, not “\(text)”") }
            return n
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--trace": options.tracePath = try value(argument)
            case "--concurrency":
                let n = try count(argument)
                options.downloadConcurrency = n
                options.filtrationConcurrency = n
            case "--downloads": options.downloadConcurrency = try count(argument)
            case "--filters": options.filtrationConcurrency = try count(argument)
            case "--naive": options.naive = true
            case "--full-decode": options.fullDecode = true
            case "--export-to": options.exportFolder = try value(argument)
            case "--export-format":
                let text = try value(argument)
                guard let format = ExportFormat(rawValue: text) else { throw UsageError("--export-format needs jpeg, png or webp, not “\(text)”") }
                options.exportFormat = format
            case "--export-original": options.exportSepia = false
            case "--export-keep-location": options.exportKeepsLocation = true
            case "--view":
                let text = try value(argument)
                guard let layout = GalleryLayout(rawValue: text) else { throw UsageError("--view needs list or grid, not “\(text)”") }
                options.layout = layout
            case "--subfolders": options.subfolders = true
            case "--sort":
                let text = try value(argument)
                guard let order = PhotoOrder(name: text) else {
                    throw UsageError("--sort needs name, date-taken, modified, size or own (with -desc for descending), not “\(text)”")
                }
                options.order = order
            case "--thumbnail-size":
                let text = try value(argument)
                guard let size = Int32(text), ThumbnailSizes.steps.contains(size) else {
                    throw UsageError("--thumbnail-size needs 48, 64, 96, 128, 192 or 256, not “\(text)”")
                }
                options.thumbnailSize = size
            case "-h", "--help": throw UsageError(nil)
            default:
                if argument.hasPrefix("--trace=") { options.tracePath = String(argument.dropFirst(8)) }
                else { options.remaining.append(argument) }
            }
            index += 1
        }
        return options
    }

    struct UsageError: Error {
        let message: String?
        init(_ message: String?) { self.message = message }
    }
}
