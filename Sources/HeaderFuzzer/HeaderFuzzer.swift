// Why this exists: the libFuzzer entry point for the image header readers (HEIF and AVIF, WebP, GIF, SVG), which read untrusted bytes before any decoder does (built with -sanitize=fuzzer,address; see meson-wrapper/fuzz-headers.sh).
import Foundation
import PhotoPipeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    // Every reader on every input: each must refuse what it cannot read, never trap.
    for format in ["heif/avif", "webp", "gif", "svg"] {
        _ = try? ImageHeader.read(data, formatNamed: format)
    }
    return 0
}

typealias FuzzerDriver = @convention(c) (UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                        @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point as `<module>_main`: hand control to libFuzzer's
/// driver, looked up at run time so a normal build (without -sanitize=fuzzer) still links.
@_cdecl("HeaderFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        try? FileHandle.standardError.write(contentsOf: Data("header-fuzzer: build with -Xswiftc -sanitize=fuzzer,address (see meson-wrapper/fuzz-headers.sh)\n".utf8))
        return 2
    }
    let driver = unsafeBitCast(symbol, to: FuzzerDriver.self)
    var count = argc
    var arguments = argv
    return driver(&count, &arguments) { data, size in fuzzHeader(data, size) }
}
