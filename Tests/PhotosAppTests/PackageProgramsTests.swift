// Why this exists: the Debian package's hand-written list of programs the app starts (build-aux/build-deb.sh's `programs`) is kept true: every place the app's code starts a program is listed here with whether an installed app needs it, and the package names exactly the ones it does.
import Foundation
import TestAndBenchSupport
import XCTest

final class PackageProgramsTests: XCTestCase {
    /// Each source file that starts a program, the program, and the Debian package an installed
    /// app needs for it (nil: never started by an installed app).
    static let starts: [String: (program: String, package: String?)] = [
        // Compiles the translations of a run from the source tree; an installed app has them compiled.
        "Sources/AppLanguage/SourceTranslations.swift": ("/usr/bin/msgfmt", nil),
        // Starts the decoding helpers (the app's own program) through bubblewrap (HelperLaunch's /usr/bin/bwrap).
        "Sources/PhotoDecoding/Sandbox/HelperProcess.swift": ("ChildSpawn.start", "bubblewrap"),
        // The spawn itself, for HelperProcess: cph_spawn, then execve of the program it is given.
        "Sources/HelperIPC/ChildSpawn.swift": ("cph_spawn", nil),
        "Sources/CHelperIPC/spawn.c": ("execve", nil),
        // Names execve only to refuse it (the helper's seccomp filter).
        "Sources/CSeccomp/helper_seccomp.c": ("execve", nil),
    ]

    /// What the package's programs are built from: every module under Sources/ but the support
    /// tree (tests, benchmarks, fuzzers and probes; the layering lint keeps it out of them).
    static var appSources: [String] {
        let sources = SamplePhotos.repositoryRoot.appendingPathComponent("Sources")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return names.filter { $0 != "Support" }.sorted().map { "Sources/\($0)" }
    }
    static let startsAProgram = ["Process()", "posix_spawn", "g_spawn", "g_subprocess", "execv", "system(", "cph_spawn(", "ChildSpawn.start("]

    func testTheProgramsTheAppStartsAreTheOnesThePackageDependsOn() throws {
        let root = SamplePhotos.repositoryRoot
        var found: Set<String> = []
        for folder in Self.appSources {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let name = enumerator?.nextObject() as? String {
                guard name.hasSuffix(".swift") || name.hasSuffix(".c") else { continue }
                let path = "\(folder)/\(name)"
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                if Self.startsAProgram.contains(where: text.contains) { found.insert(path) }
            }
        }
        XCTAssertEqual(found, Set(Self.starts.keys), "every place that starts a program is listed here, with whether the package needs it")
        for (path, start) in Self.starts {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertTrue(text.contains(start.program), "\(path) starts \(start.program)")
        }
        let script = try String(contentsOf: root.appendingPathComponent("build-aux/build-deb.sh"), encoding: .utf8)
        let line = try XCTUnwrap(script.split(separator: "\n").first { $0.hasPrefix("programs=(") })
        let listed = line.dropFirst("programs=(".count).dropLast().split(separator: " ").map(String.init)
        XCTAssertEqual(Set(listed), Set(Self.starts.values.compactMap(\.package)), "the package depends on exactly the programs an installed app starts")
    }

    /// The sonames the helper opens (camera_libraries.c) and the packages build-deb.sh's `opened`
    /// names: each soname's package (from dpkg) is listed, and nothing else.
    func testTheLibrariesTheHelperOpensAreTheOnesThePackageDependsOn() throws {
        let root = SamplePhotos.repositoryRoot
        let code = try String(contentsOf: root.appendingPathComponent("Sources/CCameraCodecs/camera_libraries.c"), encoding: .utf8)
        let sonames = code.matches(of: /dlopen\("([^"]+)"/).map { String($0.1) }
        XCTAssertEqual(sonames.count, 3, "libraw, libjxl and libavif: \(sonames)")
        var packages: Set<String> = []
        for soname in sonames {
            let owner = try Tool.run("/usr/bin/dpkg", ["-S", "/usr/lib/x86_64-linux-gnu/\(soname)"])
            XCTAssertEqual(owner.status, 0, "\(soname) belongs to a package: \(owner.output)")
            if let name = owner.output.split(separator: ":").first { packages.insert(String(name)) }
        }
        let script = try String(contentsOf: root.appendingPathComponent("build-aux/build-deb.sh"), encoding: .utf8)
        let line = try XCTUnwrap(script.split(separator: "\n").first { $0.hasPrefix("opened=(") })
        let listed = line.dropFirst("opened=(".count).dropLast().split(separator: " ").map(String.init)
        XCTAssertEqual(Set(listed), packages, "the package depends on exactly the libraries the helper opens")
    }
}
