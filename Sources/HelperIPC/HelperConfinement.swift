// Why this exists: what a decoding helper does to itself (libseccomp's filter once its loaders are loaded, a processor-time limit before each image), for the helper's own module to call without C.
import CSeccomp
import Foundation

public enum HelperConfinement {
    /// Turn on the seccomp filter for this process and its threads; nil, or why it could not be.
    public static func applyFilter() -> String? {
        let status = cps_apply_filter()
        return status == 0 ? nil : String(cString: strerror(-status))
    }

    /// Allow `seconds` more of processor time from now (SIGXCPU past it).
    public static func limitProcessorTime(seconds: Int) { _ = cps_limit_processor_time(seconds) }
}
