// Why this exists: a file's modification time as the listings keep it, microseconds since 1970, made once for every reader (stat, GIO's info, the app's own stamp), so that a time no file system should hold (a hostile share, a FUSE file) gives 0, unknown, and never traps.
public enum FileTime {
    /// `seconds` and `nanoseconds` since 1970 as microseconds; 0 (unknown) where that does not
    /// fit in 64 bits or the nanoseconds are not those of a second.
    public static func microseconds(seconds: Int64, nanoseconds: Int64) -> Int64 {
        guard (0..<1_000_000_000).contains(nanoseconds) else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, overflowAgain) = whole.addingReportingOverflow(nanoseconds / 1000)
        return overflow || overflowAgain ? 0 : sum
    }
}
