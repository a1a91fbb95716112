// Why this exists: what the libFuzzer executables share: handing control to libFuzzer's driver, looked up at run time so a build without libFuzzer (the debug build) still links (and says how to build it).
import Foundation

public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

typealias Driver = @convention(c) (UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, FuzzTest) -> CInt

/// Run libFuzzer over `test` with the command line's options; `name` says which fuzzer when it
/// was built without libFuzzer.
public func runLibFuzzer(_ name: String, _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTest) -> CInt {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        try? FileHandle.standardError.write(contentsOf: Data("\(name): build it with meson-wrapper/asan-build.sh, which links libFuzzer in\n".utf8))
        return 2
    }
    var count = argc
    var arguments = argv
    return unsafeBitCast(symbol, to: Driver.self)(&count, &arguments, test)
}
