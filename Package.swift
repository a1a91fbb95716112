// swift-tools-version:6.0
// Why this exists: the SwiftPM description of Classic Photos: C modules, the GTK binding, the UI-free pipeline, the app, and tests.
import PackageDescription

let testSettings: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "ClassicPhotos",
    products: [
        .executable(name: "classic-photos", targets: ["ClassicPhotos"]),
        .executable(name: "classic-photos-bench", targets: ["Benchmarks"]),
        .executable(name: "manifest-fuzzer", targets: ["ManifestFuzzer"]),
    ],
    targets: [
        // C libraries, imported through module maps and shim headers.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),

        // The hand-written binding: only what the app uses.
        .target(name: "Gtk", dependencies: ["CGtk"]),

        // UI-free: manifests, records, operations, network, decoding, sepia.
        .target(name: "PhotoPipeline", dependencies: ["Gtk", "CGtk", "CSoup"]),

        // The app: window, rows, scroll scheduling, dialogs.
        .executableTarget(
            name: "ClassicPhotos",
            dependencies: ["PhotoPipeline", "Gtk", "CGtk"]
        ),

        // Benchmarks: a C reference kernel, the measuring code, and the command that runs them.
        .target(
            name: "SepiaReference",
            cSettings: [.unsafeFlags(["-O3", "-march=native"])]
        ),
        .target(
            name: "BenchmarkKit",
            dependencies: ["PhotoPipeline", "TestSupport", "SepiaReference", "Gtk", "CGtk"],
            swiftSettings: testSettings
        ),
        .executableTarget(name: "Benchmarks", dependencies: ["BenchmarkKit"], swiftSettings: testSettings),

        // libFuzzer over the manifest parsers (only meaningful built with -sanitize=fuzzer).
        .executableTarget(name: "ManifestFuzzer", dependencies: ["PhotoPipeline"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        // Shared by tests: a real libsoup server on 127.0.0.1 with faults, Xvfb helpers.
        .target(
            name: "TestSupport",
            dependencies: ["Gtk", "CGtk", "CSoup"],
            path: "Tests/TestSupport",
            exclude: ["Scripts"],
            swiftSettings: testSettings
        ),
        // Tests use Swift 5 mode: XCTest on Linux cannot run @MainActor test methods, so they
        // assume the main actor inside (XCTest runs them on the main thread).
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "CGtk"], swiftSettings: testSettings),
        .testTarget(name: "PhotoPipelineTests", dependencies: ["PhotoPipeline", "TestSupport", "Gtk", "CGtk"],
                    resources: [.copy("Fixtures")], swiftSettings: testSettings),
        .testTarget(name: "AppTests", dependencies: ["TestSupport", "PhotoPipeline", "Gtk"], swiftSettings: testSettings),
        .testTarget(name: "BenchmarkTests", dependencies: ["BenchmarkKit", "TestSupport", "PhotoPipeline", "Gtk"], swiftSettings: testSettings),
    ]
)
