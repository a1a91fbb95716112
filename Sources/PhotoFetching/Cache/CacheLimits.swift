// Why this exists: how big the caches are: the memory cache from the machine's memory (like Nuke's 15 % of RAM, capped much lower because thumbnails are small), or from the settings.
import Foundation

public enum CacheLimits {
    /// The most the automatic memory limit gives thumbnails: 64 MiB holds about 2,000 rows at
    /// 64 px (original and sepia), ten screens of HiDPI rows.
    public static let automaticMemoryCap = 64 << 20

    /// `settingMiB` from GSettings `memory-cache-size`; 0 means automatic.
    public static func memory(settingMiB: Int, physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory) -> Int {
        if settingMiB > 0 { return settingMiB << 20 }
        return min(Int(Double(physicalMemory) * 0.15), automaticMemoryCap)
    }

    /// `settingMiB` from GSettings `disk-cache-size` (default 256 MiB); 0 turns the cache off.
    public static func disk(settingMiB: Int) -> Int { max(0, settingMiB) << 20 }
}
