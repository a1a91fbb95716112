// Why this exists: what a decoding helper does to itself (a Landlock ruleset before anything is loaded, libseccomp's filter once its loaders are loaded), for the helper's own module to call without C.
import CSeccomp
import Foundation

public enum HelperConfinement {
    /// Turn on the seccomp filter for this process and its threads; nil, or why it could not be.
    public static func applyFilter() -> String? {
        let status = cps_apply_filter()
        return status == 0 ? nil : String(cString: strerror(-status))
    }

    /// What Landlock did.
    public enum Landlock: Equatable, Sendable {
        /// On, at this ABI version.
        case on(abi: Int)
        /// This kernel has no Landlock.
        case unsupported
        /// It could not be set, and why.
        case failed(String)
    }

    /// Leave this process read access under `readable` and nothing else of the file system.
    public static func applyLandlock(readable: [String]) -> Landlock {
        let pointers = readable.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let status = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { cps_apply_landlock($0.baseAddress, Int32($0.count)) }
        if status > 0 { return .on(abi: Int(status)) }
        return status == 0 ? .unsupported : .failed(String(cString: strerror(-status)))
    }
}

extension HelperConfinement {
    /// Whether this kernel has Landlock (asked without making a ruleset).
    public static var landlockAvailable: Bool { cps_landlock_abi() > 0 }
}
