// Why this exists: the libFuzzer entry point for the manifest parsers (built with -sanitize=fuzzer,address; see meson-wrapper/fuzz-manifests.sh).
import Foundation
import PhotoPipeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    for source in [URL(fileURLWithPath: "/tmp/fuzz/g.plist"), URL(string: "https://example.org/g/manifest.json")!] {
        // Every entry too: names and URLs are checked when a row is first wanted.
        if let manifest = try? ManifestParser.parse(data, source: source) { _ = manifest.entries }
    }
    return 0
}

typealias FuzzerDriver = @convention(c) (UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                        @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point as `<module>_main`: hand control to libFuzzer's
/// driver, looked up at run time so a normal build (without -sanitize=fuzzer) still links.
@_cdecl("ManifestFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        FileHandle.standardError.write(Data("manifest-fuzzer: build with -Xswiftc -sanitize=fuzzer,address (see meson-wrapper/fuzz-manifests.sh)\n".utf8))
        return 2
    }
    let driver = unsafeBitCast(symbol, to: FuzzerDriver.self)
    var count = argc
    var arguments = argv
    return driver(&count, &arguments) { data, size in fuzzManifest(data, size) }
}
