// Why this exists: how a decoding helper is started: the program, its environment and its limits, inside bubblewrap with no network, no user files and a fresh /tmp, only what the loaders read bound read-only; or, where bubblewrap cannot run and the user has allowed it, the same program started directly, in a home of its own, told to let Landlock leave it only those same files.
import Foundation
import HelperIPC

public struct HelperLaunch: Sendable {
    /// The argument the helper's program is started with.
    public static let helperArgument = "--decode-helper"

    /// The helper's program (`classic-photos-helper`, by default where `helperExecutable` finds it).
    public var executable: String
    /// Address space a helper may use (RLIMIT_AS), in bytes.
    public var addressLimit: UInt64
    /// Processor time one image may take in a helper, in seconds (RLIMIT_CPU, set per image).
    public var processorSeconds: Int
    /// bubblewrap, where it is.
    public var bubblewrap = "/usr/bin/bwrap"
    /// A helper started without bubblewrap: its own 0700 folder for HOME, TMPDIR and the XDG
    /// folders (never the shared /tmp, where another user could leave fonts or a MIME database
    /// for it to parse).
    public var privateHome: String?
    /// The variable that names, one a line, what a helper without namespaces may read (Landlock).
    public static let readableVariable = "CLASSIC_PHOTOS_HELPER_READABLE"
    /// Processor seconds a helper may spend in all: its hard limit, which nothing in it can raise.
    /// The pool replaces a helper that has too little left for another image.
    public var processorBudget: Int { processorSeconds * 20 }
    /// The largest reply a helper sends (a 100-megapixel photo's RGBA pixels, or a rewritten
    /// photo), with room to spare: no memfd or file it writes may be larger (RLIMIT_FSIZE).
    public static let largestReply: UInt64 = 640 << 20
    /// Descriptors a helper may have open at once.
    public static let openFiles: UInt64 = 256

    /// The limits a helper starts with.
    var limits: ChildSpawn.Limits {
        var limits = ChildSpawn.Limits()
        limits.address = addressLimit
        limits.processorSoft = UInt64(processorSeconds)
        limits.processorHard = UInt64(processorBudget)
        limits.fileSize = Self.largestReply
        limits.openFiles = Self.openFiles
        return limits
    }
    /// Environment the helper keeps (languages for the loaders' own messages, GLib's debugging,
    /// a private loader list for tests, whether it loads every loader before its filter);
    /// everything else is cleared.
    public static let keptEnvironment = ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES", "G_DEBUG", "G_MESSAGES_DEBUG", "GDK_PIXBUF_MODULE_FILE",
                                         "XDG_DATA_DIRS", preloadVariable]
    /// Set to 1, a helper loads every loader before its filter is on, as it did before loaders
    /// were loaded by their first photo: for a loader whose setting up needs what the filter
    /// refuses, and for the tests whose loader takes the helper over from its start.
    public static let preloadVariable = "CLASSIC_PHOTOS_HELPER_PRELOAD_LOADERS"

    public init(executable: String = HelperLaunch.helperExecutable(), addressLimit: UInt64 = HelperLaunch.defaultAddressLimit(),
                processorSeconds: Int = HelperLaunch.configuredProcessorSeconds) {
        self.executable = executable
        self.addressLimit = addressLimit
        self.processorSeconds = processorSeconds
    }

    /// The helper's program, a program of its own (the only one that links the photo parsers):
    /// beside the app's (a build tree, and the tests), else where it is installed beside the app's
    /// prefix (PREFIX/bin/classic-photos → PREFIX/libexec/classic-photos/, a staged install too),
    /// else where the build was configured to install it.
    public static func helperExecutable(besideApp app: String = HelperLaunch.ownExecutable) -> String {
        let folder = (app as NSString).deletingLastPathComponent
        let beside = (folder as NSString).appendingPathComponent(helperName)
        let installed = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("libexec/classic-photos/" + helperName)
        for candidate in [beside, installed] where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return BuildConfig.libexecDir.isEmpty ? beside : BuildConfig.libexecDir + "/classic-photos/" + helperName
    }

    /// The helper program's file name.
    public static let helperName = "classic-photos-helper"

    /// The running program's path.
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Processor seconds per image (a 100-megapixel HEIC takes about 3 s here).
    public static let defaultProcessorSeconds = 15
    /// That, or what CLASSIC_PHOTOS_DECODE_SECONDS says (tests of a loader that loops).
    public static var configuredProcessorSeconds: Int {
        ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_DECODE_SECONDS"].flatMap { Int($0) }.map { max(1, $0) } ?? defaultProcessorSeconds
    }

    /// As glycin does: 80 % of the memory available, at most 2 GB, keeping 200 MB free; plus
    /// what the program itself maps (a static Swift program reserves address space it never touches).
    public static func defaultAddressLimit(meminfo: String? = HelperLaunch.procFile("/proc/meminfo")) -> UInt64 {
        var available: UInt64 = 1 << 30
        if let line = meminfo?.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ UInt64($0) }) {
            available = kb * 1024
        }
        let considered = min(available, 2 << 30) &- min(available, 200 << 20)
        return UInt64(Double(considered) * 0.8) + (512 << 20)
    }

    /// A file of /proc, read to its end (they declare no size).
    public static func procFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The command that starts a helper: through bubblewrap (which clears the environment and
    /// sets the helper's own), or directly.
    func command(sandboxed: Bool) -> [String] {
        let helper = [executable, Self.helperArgument]
        guard sandboxed else { return helper }
        let settings = environment(sandboxed: true).flatMap { entry -> [String] in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            return ["--setenv", parts[0], parts.count > 1 ? parts[1] : ""]
        }
        return [bubblewrap] + bubblewrapArguments() + settings + ["--"] + helper
    }

    /// The helper's environment: what `keptEnvironment` names, a home and runtime folder that
    /// exist (GLib warns without), one malloc arena a thread at most, malloc's large blocks in huge
    /// pages (a 12 MP photo's 36 MB of decoded pixels is faulted in 18 times, not 9,000: 28 ms
    /// became 7 in a measurement here), the processor limit.
    func environment(_ from: [String: String] = ProcessInfo.processInfo.environment, sandboxed: Bool) -> [String] {
        var kept = Self.keptEnvironment.compactMap { name in from[name].map { "\(name)=\($0)" } }
        // In bubblewrap, /tmp is a tmpfs of the helper's own; without it, a folder of its own.
        let home = sandboxed ? "/tmp" : privateHome ?? "/nonexistent"
        kept += ["HOME", "TMPDIR", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"].map { "\($0)=\(home)" }
        // No Swift backtracer: it would start a program, which the filter refuses.
        kept += ["MALLOC_ARENA_MAX=2", "GLIBC_TUNABLES=glibc.malloc.hugetlb=1", "PATH=/usr/bin:/bin", "SWIFT_BACKTRACE=enable=no",
                 "CLASSIC_PHOTOS_HELPER_SECONDS=\(processorSeconds)"]
        if !sandboxed { kept.append("\(Self.readableVariable)=\(readableWithoutNamespaces().joined(separator: "\n"))") }
        return kept
    }

    /// What a helper without bubblewrap may read (Landlock): what bubblewrap would bind, the
    /// devices it reads, and its own home.
    func readableWithoutNamespaces() -> [String] {
        ["/usr", "/dev/null", "/dev/zero", "/dev/urandom"] + Self.systemFiles + readOnlyPaths() + [privateHome].compactMap { $0 }
    }

    /// Files outside /usr that the loaders and the C library read: the library cache, fonts and
    /// their cache, the time zone, the huge page setting.
    static let systemFiles = ["/etc/ld.so.cache", "/etc/fonts", "/var/cache/fontconfig", "/etc/localtime", hugePageSettings]

    /// The kernel's huge page setting: glibc reads it before it asks for huge pages
    /// (`GLIBC_TUNABLES`), and without it asks for none.
    static let hugePageSettings = "/sys/kernel/mm/transparent_hugepage"

    /// bubblewrap's arguments: every namespace new (no network, its own processes only; the
    /// kernel's symbols and /proc/sys hidden), /usr and
    /// the library links read-only, the fonts an SVG's text needs, the huge page setting, a fresh
    /// /tmp, the program itself and the Swift runtime it was built against where they are not
    /// under /usr, and the loaders a private loader list names.
    func bubblewrapArguments() -> [String] {
        // (The kernel's symbols and settings are nothing a loader reads: hidden.)
        var arguments = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", "--chdir", "/",
                         "--ro-bind", "/usr", "/usr", "--proc", "/proc", "--ro-bind", "/dev/null", "/proc/kallsyms", "--tmpfs", "/proc/sys",
                         "--dev", "/dev", "--tmpfs", "/tmp"]
        for (link, target) in Self.rootLibraryLinks() { arguments += ["--symlink", target, link] }
        for path in Self.systemFiles {
            arguments += ["--ro-bind-try", path, path]
        }
        for path in readOnlyPaths() { arguments += ["--ro-bind", path, path] }
        return arguments
    }

    /// Paths outside /usr the helper must read.
    func readOnlyPaths() -> [String] {
        var paths: [String] = []
        if !executable.hasPrefix("/usr/") { paths.append(executable) }
        if let runtime = Self.swiftRuntimeFolder(), !runtime.hasPrefix("/usr/") { paths.append(runtime) }
        if let list = ProcessInfo.processInfo.environment["GDK_PIXBUF_MODULE_FILE"], !list.hasPrefix("/usr/") {
            paths.append(list)
            paths += Self.moduleFolders(in: list).filter { !$0.hasPrefix("/usr/") }
        }
        // The MIME database GIO sniffs a photo's type with: only each data folder's `mime`.
        for folder in (ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "").split(separator: ":") where !folder.hasPrefix("/usr/") {
            paths.append("\(folder)/mime")
        }
        var seen = Set<String>()
        return paths.filter { $0.count > 1 && seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
    }

    /// /lib, /lib64, /bin, /sbin: links into /usr (a merged /usr) made again inside.
    static func rootLibraryLinks() -> [(String, String)] {
        ["/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"].compactMap { link in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else { return nil }
            let resolved = target.hasPrefix("/") ? target : "/" + target
            return resolved.hasPrefix("/usr/") ? (link, target) : nil
        }
    }

    /// Where the Swift runtime this program loaded lives (a build against the toolchain's shared
    /// runtime), from the process's own map; nil for a self-contained build.
    static func swiftRuntimeFolder() -> String? {
        guard let maps = procFile("/proc/self/maps") else { return nil }
        for line in maps.split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let start = line.firstIndex(of: "/") else { continue }
            return (String(line[start...]) as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The folders of the loader modules a loader list (gdk-pixbuf-query-loaders' output) names:
    /// the first line of each entry, a quoted path to a `.so` (other lines may start with a
    /// slash too: XPM's signature is "/* XPM */"). Never the root itself.
    static func moduleFolders(in list: String) -> [String] {
        guard let text = try? String(contentsOfFile: list, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "\n\n").compactMap { entry in
            guard let line = entry.split(separator: "\n").first(where: { !$0.hasPrefix("#") }),
                  line.hasPrefix("\"/"), line.hasSuffix(".so\"") else { return nil }
            let folder = (String(line.dropFirst().dropLast()) as NSString).deletingLastPathComponent
            return folder.count > 1 ? folder : nil
        }
    }
}
