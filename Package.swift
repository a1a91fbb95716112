// swift-tools-version:6.2
// Why this exists: the SwiftPM description of Classic Photos: C modules, the GLib runtime and GTK binding, the UI-free pipeline, the app, and tests.
//
// Swift 6.2 or later: the code uses its isolated deinits and isolated conformances.
//
// The arrows go one way: ClassicPhotos → PhotoPipeline → GLibRuntime (and GLibIO, GLibDesktop), and
// ClassicPhotos → Gtk → GLibRuntime. PhotoPipeline cannot see GTK or GDK: it depends on neither CGtk nor Gtk.
import PackageDescription

/// The sepia kernel built for an x86-64 level (`x86-64-v3`, `x86-64-v4`) where the build is for
/// x86-64; elsewhere it is the plain build, which the CPU check never picks.
func kernelSettings(_ level: String) -> [SwiftSetting] {
    #if arch(x86_64)
    return [.unsafeFlags(["-O", "-Xcc", "-march=\(level)"])]
    #else
    return [.unsafeFlags(["-O"])]
    #endif
}

let package = Package(
    name: "ClassicPhotos",
    products: [
        .executable(name: "classic-photos", targets: ["ClassicPhotos"]),
        .executable(name: "classic-photos-helper", targets: ["ClassicPhotosHelper"]),
        .executable(name: "classic-photos-bench", targets: ["Benchmarks"]),
        .executable(name: "manifest-fuzzer", targets: ["ManifestFuzzer"]),
        .executable(name: "header-fuzzer", targets: ["HeaderFuzzer"]),
        // For the sandbox's tests: a GdkPixbuf loader module that crashes, allocates, loops or probes.
        .library(name: "TestPixbufLoader", type: .dynamic, targets: ["TestPixbufLoader"]),
        // For the benchmarks: the stall sampler, loaded into the app with LD_PRELOAD (the app links none of it).
        .library(name: "ClassicPhotosStallSampler", type: .dynamic, targets: ["StallSampler"]),
    ],
    targets: [
        // C libraries, imported through module maps and shim headers, one per library.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGexiv2", pkgConfig: "gexiv2", providers: [.apt(["libgexiv2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),

        // The GObject runtime: references, signals, the main-loop bridge, locks, cancellables, errors.
        .target(name: "GLibRuntime", dependencies: ["CGLib"]),
        // GIO: files and folders, folder monitors, streams, addresses and name lookups, gzip.
        .target(name: "GLibIO", dependencies: ["GLibRuntime", "CGLib"]),
        // The desktop: the session bus, its portals and apps, GSettings, the user's folders, gettext.
        .target(name: "GLibDesktop", dependencies: ["GLibRuntime", "GLibIO", "CGLib"]),
        // A GListModel of N rows that costs nothing per row (a GObject type in C).
        .target(name: "CRowModel", dependencies: ["CGLib"]),
        // The viewer's zoomable picture: a GtkWidget subclass in C (GTK 4.8 has no zoomable image).
        .target(name: "CPhotoView", dependencies: ["CGtk"]),
        // A list row's thumbnail, name and status as one fixed-size widget (rebinding only redraws).
        .target(name: "CRowView", dependencies: ["CGtk"]),
        // Which OpenGL renderer GTK would use here (a GPU, or llvmpipe), asked before a window shows.
        .target(name: "CGLProbe", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("epoxy"), .linkedLibrary("X11")]),
        // The X11 root window's display profile (_ICC_PROFILE), read and watched on GDK's connection.
        .target(name: "CScreenProfile", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("X11")]),
        // The GTK widgets the app uses, on top of the runtime.
        .target(name: "Gtk", dependencies: ["GLibRuntime", "GLibIO", "GdkPixbuf", "CGLib", "CGtk", "CRowModel", "CPhotoView", "CRowView", "CGLProbe", "CScreenProfile"]),
        // GdkPixbuf and libsoup as owned Swift types (pixbufs, loaders; sessions, messages), on the runtime.
        .target(name: "GdkPixbuf", dependencies: ["GLibRuntime", "GLibIO", "CGLib", "CGdkPixbuf"]),
        .target(name: "Soup", dependencies: ["GLibRuntime", "GLibIO", "CGLib", "CSoup"]),

        // The sepia row loops, once (inlinable), compiled for the baseline, x86-64-v3 (AVX2) and
        // x86-64-v4 (AVX-512); the pipeline picks one at run time from the CPU's features.
        .target(name: "SepiaRowKernels"),
        // Both are optimised in debug builds too, so the tests check the vectorised code that ships.
        .target(name: "SepiaKernelBaseline", dependencies: ["SepiaRowKernels"],
                swiftSettings: [.unsafeFlags(["-O"])]),
        .target(name: "SepiaKernelV3", dependencies: ["SepiaRowKernels"],
                swiftSettings: kernelSettings("x86-64-v3")),
        .target(name: "SepiaKernelV4", dependencies: ["SepiaRowKernels"],
                swiftSettings: kernelSettings("x86-64-v4")),
        .target(name: "CCPUFeatures"),
        // A thread's nice value and scheduler time slice (sched_setattr): workers ask for a long slice.
        .target(name: "CThreadSlice"),
        // Which of those this CPU runs, for the pipeline.
        .target(name: "CPUFeatures", dependencies: ["CCPUFeatures"]),

        // A decoding helper's kernel calls, for both ends: the helper started from a long-lived
        // thread, messages with a descriptor over a socket, sealed memfds.
        .target(name: "CHelperIPC"),
        // The helper's seccomp filter and its processor-time limit per image (libseccomp).
        .target(name: "CSeccomp", linkerSettings: [.linkedLibrary("seccomp")]),
        // Both as owned Swift types: the helper's socket, sealed memory, the spawn, the confinement.
        .target(name: "HelperIPC", dependencies: ["CHelperIPC", "CSeccomp"]),

        // Colour profiles and the transforms between them (lcms2), for photos in their true colours.
        .target(name: "ColourManagement", dependencies: ["CLcms2"]),
        // libwebp's lossless decoder and encoder, for turning a lossless WebP (in the decoding helper's program alone).
        .target(name: "WebPCodec", dependencies: ["CWebP"]),
        // A camera's RAW files (libraw), JPEG XL (libjxl) and AVIF sequences (libavif) read into plain buffers, in C, and
        // as Swift values: in the decoding helper's program alone.
        // (Opened when a photo first needs one, not linked: camera_libraries.h says why.)
        .target(name: "CCameraCodecs"),
        .target(name: "CameraCodecs", dependencies: ["CCameraCodecs", "PhotoFormats"]),
        // A photo's metadata as plain values (tags, kept parts, an edit), shared by both sides.
        .target(name: "MetadataValues"),
        // A photo's EXIF, XMP and IPTC, read with gexiv2 (in the decoding helper's program alone).
        .target(name: "PhotoMetadata", dependencies: ["CGexiv2", "MetadataValues"]),
        // SQLite, for the index of what the photos' metadata said (dates taken, sizes).
        .target(name: "SQLite", dependencies: ["CSQLite"]),

        // A photo's formats read and edited as bytes alone, no GLib: the header readers, the
        // orientation edits and their checks, the metadata blocks a written photo keeps, facts
        // for sorting, and the words a failure is told in. Fuzzed (Sources/Support/HeaderFuzzer).
        .target(name: "PhotoFormats", dependencies: ["ColourManagement", "MetadataValues"]),
        // A photo's bytes decoded and edited where they may be parsed: the decoder, colour,
        // animations, the turns of every format, and the sandboxed helpers that run them (both
        // ends of their wire). No network, no SQLite, no session bus: the helper's program links
        // this and not the pipeline.
        .target(name: "PhotoDecoding", dependencies: ["PhotoFormats", "GLibRuntime", "GLibIO", "GdkPixbuf", "CThreadSlice", "HelperIPC",
                                                      "ColourManagement", "MetadataValues"]),
        // Getting a photo's bytes and keeping what was got: HTTP (libsoup) with private network
        // access checked, local files, the memory, HTTP and shared thumbnail caches. No trace of
        // its own: it tells what happened through the events its user hands it.
        .target(name: "PhotoFetching", dependencies: ["PhotoFormats", "PhotoDecoding", "GLibRuntime", "GLibIO", "GdkPixbuf", "Soup"]),
        // The trace: its events (the vocabulary every layer above tells it in), its file, its
        // coding and the inspector's observer of it; the network's events written into it.
        .target(name: "PhotoTrace", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoFetching", "GLibRuntime"]),
        // What a gallery lists, and in what order: manifests parsed, folders listed and watched,
        // photos sorted by name or by date (the dates read in helpers, kept in a SQLite index).
        .target(name: "GalleryContents", dependencies: ["PhotoFormats", "MetadataValues", "PhotoDecoding", "PhotoFetching", "PhotoTrace", "GLibRuntime", "GLibIO", "GdkPixbuf", "SQLite"]),
        // UI-free: records, operations and their queues, the viewer's model, export, trash, sepia. No GTK, no GDK.
        .target(name: "PhotoPipeline", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoFetching", "PhotoTrace", "GalleryContents", "GLibRuntime", "GLibIO", "GLibDesktop", "GdkPixbuf", "Soup",
                                                      "SepiaRowKernels", "SepiaKernelBaseline", "SepiaKernelV3", "SepiaKernelV4", "CPUFeatures",
                                                      "CThreadSlice", "HelperIPC", "ColourManagement", "MetadataValues", "SQLite"]),
        // The decoding helper: a program of its own started with --decode-helper, in bubblewrap,
        // which decodes with PhotoDecoding's decoder behind its seccomp filter, and the only one
        // that links the photo parsers (gexiv2, libwebp's codec: LinkedParsers).
        .target(name: "DecodeHelper", dependencies: ["PhotoFormats", "PhotoDecoding", "GdkPixbuf", "GLibRuntime", "HelperIPC", "MetadataValues", "PhotoMetadata", "WebPCodec", "CameraCodecs"]),
        .executableTarget(name: "ClassicPhotosHelper", dependencies: ["DecodeHelper", "PhotoDecoding"]),

        // The app's words in the user's language: gettext set up (from a source tree too, with
        // where the app's data is found), tr and fill, and every failure told in words.
        .target(name: "AppLanguage", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "GLibRuntime", "GLibIO", "GLibDesktop"]),
        // The gallery's views: the list and the grid with what decides which rows work, the
        // viewer's page, the operations inspector, and what they are drawn with (the display's
        // colours, the app's settings, a photo dragged out).
        .target(name: "GalleryViews", dependencies: ["AppLanguage", "PhotoFormats", "MetadataValues", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "Gtk", "GLibRuntime", "GLibIO", "GLibDesktop", "ColourManagement"]),
        // The app as a library (start-up, the window and its pages, keeping photos: save, copy,
        // export, trash, rotate), so tests can import it; the executable is its entry point alone.
        .target(name: "PhotosApp", dependencies: ["GalleryViews", "AppLanguage", "PhotoFormats", "MetadataValues", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "Gtk", "GLibRuntime", "GLibIO", "GLibDesktop", "ColourManagement"]),
        .executableTarget(name: "ClassicPhotos", dependencies: ["PhotosApp"]),

        // The decoding helpers driven without a window (the sandbox test run as an unprivileged user).
        .executableTarget(name: "SandboxProbe", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents"], path: "Sources/Support/SandboxProbe"),
        // Sets or removes a root window property from a file (tests of the display's profile).
        .executableTarget(name: "RootWindowProperty", path: "Sources/Support/RootWindowProperty", linkerSettings: [.linkedLibrary("X11")]),
        // A loader module that misbehaves on purpose (tests of the decoding helpers).
        .target(name: "TestPixbufLoader", dependencies: ["CGdkPixbuf"], path: "Sources/Support/TestPixbufLoader"),
        // For benchmarks: the main thread's stack while the main loop is stuck (a signal and
        // backtrace()), written to a file by a library the benchmark preloads into the app.
        .target(name: "StallSampler", dependencies: ["CGLib"], path: "Sources/Support/StallSampler"),

        // Child processes that cannot outlive whoever started them (parent-death signal, process groups).
        .target(name: "CChildProcess", path: "Sources/Support/CChildProcess"),
        // What the tests and the benchmarks share: Xvfb, the real app as a child process, a
        // libsoup server with faults, the trace reader, screenshots, test images.
        .target(
            name: "TestAndBenchSupport",
            dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "GLibRuntime", "GLibIO", "GLibDesktop", "GdkPixbuf", "CGLib", "CSoup", "CChildProcess", "CLcms2", "ColourManagement"], path: "Sources/Support/TestAndBenchSupport",
            exclude: ["Scripts"]
        ),

        // GIO's defaults raced in a process of its own (the deadlock GIODefaults avoids).
        .executableTarget(name: "GIORaceProbe", dependencies: ["GLibIO", "CGLib"], path: "Sources/Support/GIORaceProbe"),

        // Starts Xvfb, D-Bus, a server, the app and a script, then ends, throws or waits (the process-lifetime test).
        .executableTarget(name: "ChildLifetimeProbe", dependencies: ["TestAndBenchSupport"], path: "Sources/Support/ChildLifetimeProbe"),

        // Runs a command beside a test server in a network namespace with "public" and "private"
        // addresses (the private-network-access tests).
        .executableTarget(name: "NetworkFixture", dependencies: ["TestAndBenchSupport"], path: "Sources/Support/NetworkFixture"),

        // Benchmarks: a C reference kernel (built for this CPU, and portable), the measuring
        // code, and the command that runs them.
        .target(name: "SepiaReference", path: "Sources/Support/SepiaReference", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
        // The same loop (SepiaReference's sepia_loop.h, found through the declared search path).
        .target(name: "SepiaReferencePortable", path: "Sources/Support/SepiaReferencePortable", cSettings: [.headerSearchPath("../SepiaReference"), .unsafeFlags(["-O3"])]),
        .target(
            name: "BenchmarkKit",
            dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "TestAndBenchSupport", "SepiaReference", "SepiaReferencePortable", "GLibRuntime", "GLibIO", "GLibDesktop", "CGLib", "CGdkPixbuf", "ColourManagement", "GdkPixbuf", "DecodeHelper"], path: "Sources/Support/BenchmarkKit"
        ),
        // Swift 5 mode for this entry point alone: it line-buffers C's `stdout` for a log, a global
        // Swift 6 refuses to touch.
        .executableTarget(name: "Benchmarks", dependencies: ["BenchmarkKit", "DecodeHelper"], path: "Sources/Support/Benchmarks"),

        // libFuzzer over the manifest parsers (only meaningful built with -sanitize=fuzzer).
        // What the fuzzers share: libFuzzer's driver, looked up at run time.
        .target(name: "FuzzerDriver", path: "Sources/Support/FuzzerDriver"),
        .executableTarget(name: "ManifestFuzzer", dependencies: ["PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "FuzzerDriver"], path: "Sources/Support/ManifestFuzzer",
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // libFuzzer over the image header readers (HEIF/AVIF, WebP, GIF, SVG).
        .executableTarget(name: "HeaderFuzzer", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "DecodeHelper", "FuzzerDriver"], path: "Sources/Support/HeaderFuzzer",
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        // Tests are Swift 6, like the rest. XCTest on Linux cannot run @MainActor test methods, so
        // they assume the main actor inside (XCTest runs them on the main thread); what such a
        // closure needs of the test case is static, or copied out first.
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GLibRuntime", "GLibIO", "GLibDesktop", "GdkPixbuf", "CGLib", "CGtk", "TestAndBenchSupport"]),
        .testTarget(name: "PhotoPipelineTests", dependencies: ["PhotoFormats", "PhotoDecoding", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "PhotoMetadata", "TestAndBenchSupport", "GLibRuntime", "GLibIO", "GLibDesktop", "CGLib", "CGdkPixbuf", "HelperIPC", "SQLite", "DecodeHelper", "MetadataValues"],
                    resources: [.copy("Fixtures")]),
        // The app's logic without a display: the scroll scheduling rules on fakes and on a real gallery.
        .testTarget(name: "PhotosAppTests", dependencies: ["GalleryViews", "AppLanguage", "PhotoFormats", "PhotoDecoding", "PhotosApp", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "TestAndBenchSupport", "GLibRuntime", "GLibDesktop"]),
        .testTarget(name: "ColourManagementTests", dependencies: ["ColourManagement", "TestAndBenchSupport"]),
        .testTarget(name: "AppTests", dependencies: ["PhotoFormats", "PhotoDecoding", "DecodeHelper", "TestAndBenchSupport", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "GLibIO"]),
        .testTarget(name: "BenchmarkTests", dependencies: ["BenchmarkKit", "TestAndBenchSupport", "PhotoPipeline", "PhotoFetching", "PhotoTrace", "GalleryContents", "GLibRuntime", "GLibIO"]),
    ]
)

// The test command's builds (meson-wrapper/test-build.sh): SwiftPM's release configuration, each
// module compiled whole in one job, without optimisation (a per-target flag: it comes after
// -Xswiftc's, which would override the kernels' -O), but for the code whose speed the tests lean
// on: the sepia kernels, so the tests check the vectorised code that ships and the app they drive
// filters at its own speed, and the tests' support (screenshot matching, fixtures), which
// unoptimised was most of the test processes' own time (perf, docs/testing.md).
if Context.environment["CLASSIC_PHOTOS_TEST_BUILD"] == "1" {
    let optimised: Set<String> = ["SepiaKernelBaseline", "SepiaKernelV3", "SepiaKernelV4", "TestAndBenchSupport"]
    for target in package.targets where target.type != .system && !optimised.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
    }
}

// The sanitizer runs (meson-wrapper/swift-test.sh) build only what their tests need: not the app
// tests (they drive the app from outside), the benchmarks, the fuzzers or the programs only those
// start. The sanitizer builds are a third of the test command's processor time.
// The AddressSanitizer build makes the fuzzers too (`fuzzers`, one build fewer): libFuzzer is linked
// into them alone, and the coverage it steers by is compiled into the parsers' modules.
// `fuzzers-alone` (the README's test command): the fuzzers and what they reach, nothing else.
let sanitizerBuild = Context.environment["CLASSIC_PHOTOS_SANITIZER_BUILD"]
if sanitizerBuild == "1" || sanitizerBuild == "fuzzers" || sanitizerBuild == "fuzzers-alone" {
    var unneeded: Set<String> = ["AppTests", "BenchmarkTests", "BenchmarkKit", "Benchmarks", "SepiaReference", "SepiaReferencePortable",
                                 "NetworkFixture", "ChildLifetimeProbe", "GIORaceProbe", "RootWindowProperty", "SandboxProbe"]
    var unneededProducts: Set<String> = ["classic-photos-bench"]
    if sanitizerBuild == "fuzzers-alone" {
        unneeded.formUnion(["GtkTests", "PhotoPipelineTests", "PhotosAppTests", "ColourManagementTests", "ClassicPhotos", "PhotosApp",
                            "GalleryViews", "AppLanguage", "Gtk", "CPhotoView", "CRowView", "CGLProbe", "CScreenProfile", "CRowModel",
                            "TestAndBenchSupport", "CChildProcess", "TestPixbufLoader", "StallSampler"])
        unneededProducts.formUnion(["classic-photos", "TestPixbufLoader", "ClassicPhotosStallSampler"])
    }
    if sanitizerBuild == "fuzzers" || sanitizerBuild == "fuzzers-alone" {
        for target in package.targets where ["ManifestFuzzer", "HeaderFuzzer"].contains(target.name) {
            // libFuzzer linked in (FuzzerDriver finds LLVMFuzzerRunDriver by name, so exported).
            target.linkerSettings = [.unsafeFlags(["-sanitize=fuzzer", "-Xlinker", "--export-dynamic"])]
        }
        // The coverage libFuzzer steers by, in the modules whose parsers the fuzzers feed alone:
        // elsewhere (the pipeline, the tests) its hooks at every comparison only slow the tests.
        let coverage = SwiftSetting.unsafeFlags(["-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table"])
        for target in package.targets where ["PhotoFormats", "PhotoDecoding", "DecodeHelper", "GalleryContents", "MetadataValues", "PhotoMetadata"].contains(target.name) {
            target.swiftSettings = (target.swiftSettings ?? []) + [coverage]
        }
    } else {
        // ThreadSanitizer's: the bindings' and pipeline's tests, where the threads are; the app's
        // scheduling tests and the colour maths run on one thread (the Swift suite runs them).
        unneeded.formUnion(["FuzzerDriver", "ManifestFuzzer", "HeaderFuzzer",
                            "PhotosAppTests", "ColourManagementTests", "ClassicPhotos", "PhotosApp", "GalleryViews", "AppLanguage"])
        unneededProducts.formUnion(["manifest-fuzzer", "header-fuzzer", "classic-photos"])
    }
    package.targets.removeAll { unneeded.contains($0.name) }
    package.products.removeAll { unneededProducts.contains($0.name) }
}

