// Why this exists: the libFuzzer entry point for the manifest parsers (built with AddressSanitizer and libFuzzer: meson-wrapper/asan-build.sh, run by fuzz.sh).
import Foundation
import FuzzerDriver
import PhotoPipeline
import GalleryContents

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    for source in [URL(fileURLWithPath: "/tmp/fuzz/g.plist"), URL(string: "https://example.org/g/manifest.json")!] {
        // Every entry too: names and URLs are checked when a row is first wanted.
        if let manifest = try? ManifestParser.parse(data, source: source) { _ = manifest.entries }
    }
    return 0
}

/// SwiftPM links an executable's entry point as `<module>_main`.
@_cdecl("ManifestFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer("manifest-fuzzer", argc, argv) { data, size in fuzzManifest(data, size) }
}
