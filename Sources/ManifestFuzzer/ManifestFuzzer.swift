// Why this exists: the libFuzzer entry point for the manifest parsers (built with -sanitize=fuzzer,address; see meson-wrapper/fuzz-manifests.sh).
import Foundation
import PhotoPipeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    for source in [URL(fileURLWithPath: "/tmp/fuzz/g.plist"), URL(string: "https://example.org/g/manifest.json")!] {
        _ = try? ManifestParser.parse(data, source: source)
    }
    return 0
}

// SwiftPM links an executable's entry point as `<module>_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("ManifestFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzManifest(data, size) }
}
