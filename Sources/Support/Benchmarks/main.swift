// Why this exists: `classic-photos-bench`: runs every benchmark in one go, prints the table and writes the JSON.
import BenchmarkKit
import DecodeHelper
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let quick = arguments.contains("--quick")
let repetitions = Int(option("--repetitions") ?? "") ?? (quick ? 2 : 5)
let jsonPath = option("--json") ?? "bench/results.json"
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
let binary = option("--app") ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("classic-photos").path
@MainActor func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

// Standard output line by line, so a long run shows its sections as they end. (C's `stdout` is
// a mutable global Swift 6 will not name: the stream is found by its symbol instead.)
if let symbol = dlsym(nil, "stdout") { setvbuf(symbol.load(as: UnsafeMutablePointer<FILE>.self), nil, _IOLBF, 0) }
print("classic-photos-bench: \(repetitions) repetitions; app \(binary)\nmachine: \(Machine.current().summary)")
let started = Date()
var results: [Result] = []
@MainActor func section(_ name: String, _ body: () throws -> [Result]) {
    guard wanted(name) else { return }
    let start = Date()
    do {
        let section = try body()
        results += section
        print("\n## \(name) (\(Int(Date().timeIntervalSince(start))) s)\n" + Report.table(section))
    } catch {
        print("\n## \(name): FAILED: \(error)")
    }
}

section("kernel") { KernelBench.run(repetitions: max(repetitions, 7)) }
section("observer") { ObserverBench.run(repetitions: max(repetitions, 5)) }
let photos = LargePhotos()
section("decode") { DecodeBench.run(repetitions: repetitions, photos: photos) }
section("colour") { try ColourBench.run(repetitions: repetitions, photos: photos) }
section("metadata") { try MetadataBench.run(repetitions: repetitions, photos: photos, app: binary) }
section("thumbnails") { try ThumbnailCacheBench.run(repetitions: repetitions, photos: photos) }
section("sandbox") { SandboxBench.run(repetitions: repetitions, photos: photos, app: binary, baselineApp: option("--baseline-app")) }
section("camera") { try CameraBench.run(repetitions: repetitions, photos: photos) }
section("rotate") { RotateBench.run(repetitions: repetitions, photos: photos, app: binary) }
section("marks") { try MarkBench.run(repetitions: repetitions, photos: photos, app: binary) }
var app: AppBench?
var manifests: BigManifests?
if ["manifests", "big-galleries"].contains(where: wanted) {
    manifests = try BigManifests(base: "http://127.0.0.1:9")
}
if let manifests { section("manifests") { try manifests.parseThroughput(repetitions: repetitions) } }
if ["responsiveness", "filtered-screen", "wasted", "memory", "cache", "warm-start", "big-galleries", "viewer", "viewer-motion", "folders", "sorting", "filter", "subfolders", "subfolder-listing", "shares", "share-dates", "share-frames", "share-screen", "gthumb", "raw-gthumb", "export", "startup", "turn-frames"].contains(where: wanted) {
    // `--no-window-manager`: the app's display has no window manager at all (a desktop session always has one).
    app = try AppBench(photos: photos, binary: binary, repetitions: repetitions, scrollSeconds: quick ? 5 : 20,
                       windowManager: !arguments.contains("--no-window-manager"))
    // `--perf DIR`: record the app with perf (DWARF call graphs) while it scrolls, for `perf report`.
    if let folder = option("--perf") {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        app?.perfDirectory = folder
    }
    // `--baseline-app PATH`: scroll another build too, side by side with this one (before and after).
    app?.baselineBinary = option("--baseline-app")
    // `--dynamic-app PATH`: the app linked to the toolchain's shared Swift libraries, for start-up.
    app?.dynamicBinary = option("--dynamic-app")
    // `--scroll-modes "A;B"`: scroll only these modes (a quick comparison; the full run scrolls all).
    app?.scrollModeNames = option("--scroll-modes").map { Set($0.split(separator: ";").map(String.init)) }
    print(arguments.contains("--no-window-manager") ? "display: Xvfb with no window manager"
          : "display: Xvfb with a window manager announced (EWMH check window, no hints), as in a desktop session")
}
if let app {
    section("responsiveness") { try app.responsiveness() }
    section("filtered-screen") { try app.timeToFilteredScreen() }
    section("wasted") { try app.wastedWork() }
    section("memory") { try app.memory() }
    section("cache") { try app.warmStart() + app.sharedURLs() + app.pagingMemory() }
    // The warm start alone (with `--baseline-app`, side by side with another build).
    section("warm-start") { try app.warmStart() }
    if let manifests { section("big-galleries") { try app.bigManifests(manifests) } }
    section("viewer") { try app.viewer(photos) }
    section("viewer-motion") { try app.viewerMotion(photos) }
    section("folders") { try app.folders(photos) }
    section("sorting") { try app.sorting() }
    section("filter") { try app.filtering() }
    section("subfolders") { try app.subfolders() }
    section("subfolder-listing") { try app.subfolderListingAlone() }
    section("shares") { try app.shares() }
    section("share-dates") { try app.shareDates() }
    section("share-frames") { try app.shareFrames() }
    section("share-screen") { try app.shareScreen(photos) }
    section("gthumb") { try app.againstGThumb(photos) }
    section("raw-gthumb") { try app.rawAgainstGThumb(photos) }
    section("export") { try app.export(photos) }
    section("startup") { try app.startup() }
    section("turn-frames") { try app.turnFrames(photos) }
}

print("\n# All results (\(Int(Date().timeIntervalSince(started))) s)\n" + Report.table(results))
try Report.json(results).write(to: URL(fileURLWithPath: jsonPath))
print("\nwrote \(jsonPath)")
