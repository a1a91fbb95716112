// Why this exists: GNOME's thumbnailer on bookworm ignores colour profiles, so a shared thumbnail without the app's mark is used only for a photo with no profile or an sRGB one; the app's own thumbnails carry the mark and are used for any photo.
import DecodeHelper
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching

extension SharedThumbnailTests {
    /// A 160 × 120 red photo tagged with `profile` (ImageMagick), in `type`.
    func redPhoto(_ name: String, profile: Data?) throws -> URL {
        let png = folder.appendingPathComponent("plain-\(name).png")
        try TestImages.encoded(width: 160, height: 120) { _, _ in [230, 40, 40] }.write(to: png)
        let url = folder.appendingPathComponent(name)
        if let profile {
            let file = folder.appendingPathComponent("\(name).icc")
            try profile.write(to: file)
            try TestProfiles.tag(png, profile: file.path, as: url)
        } else {
            let made = try Tool.run("/usr/bin/convert", [png.path, "-quality", "100", url.path])
            XCTAssertEqual(made.status, 0, made.output)
        }
        setMTime(url, 1_700_000_000)
        return url
    }

    /// GNOME's factory saves a blue thumbnail for `url` (as its thumbnailer would, with the
    /// colours of the pixels alone).
    func gnomeSavesBlue(for url: URL) throws {
        let blue = folder.appendingPathComponent("blue-\(url.lastPathComponent).png")
        try TestImages.encode(TestImages.pixbuf(width: 128, height: 96) { _, _ in [0, 0, 250] }, type: "png").write(to: blue)
        let saved = try gnome(["save", blue.path, SharedThumbnails.uri(forPath: url.path), "1700000000"])
        XCTAssertEqual(saved.status, 0, saved.output)
    }

    func centre(_ outcome: StageOutcome) -> [UInt8] {
        guard case .image(let image, _) = outcome else { return [] }
        return Array(image.pixel(x: image.width / 2, y: image.height / 2).prefix(3))
    }

    func testGNOMEsThumbnailOfAPhotoWithAProfileIsNotUsedAndOursIs() throws {
        let swapped = try TestProfiles.colord("SwappedRedAndGreen")
        for name in ["swapped.jpg", "swapped.png", "swapped.webp", "swapped.heic", "swapped.avif", "swapped.tiff"] {
            let url = try redPhoto(name, profile: swapped)
            try gnomeSavesBlue(for: url)
            let first = load(url)
            XCTAssertEqual(source(first), "file", "\(name): GNOME's thumbnail, made without the profile, is not used")
            XCTAssertGreaterThan(centre(first)[1], 150, "\(name): green once its profile is applied: \(centre(first))")
            // The app's own thumbnail replaced it, marked, and is used from now on.
            let second = load(url)
            XCTAssertEqual(source(second), "thumbnail-cache", name)
            XCTAssertGreaterThan(centre(second)[1], 150, "\(name): \(centre(second))")
        }
    }

    func testGNOMEsThumbnailOfAPhotoWithNoProfileOrAnSRGBOneIsUsed() throws {
        for (name, profile) in [("plain.jpg", nil), ("plain.png", nil), ("plain.heic", nil), ("srgb.jpg", try TestProfiles.colord("sRGB")), ("srgb.avif", try TestProfiles.colord("sRGB"))] {
            let url = try redPhoto(name, profile: profile)
            try gnomeSavesBlue(for: url)
            let outcome = load(url)
            XCTAssertEqual(source(outcome), "thumbnail-cache", name)
            XCTAssertEqual(centre(outcome), [0, 0, 250], "\(name): GNOME's blue, so the photo was not decoded")
        }
    }

    func testTheAppsThumbnailsCarryTheMark() throws {
        let url = try redPhoto("mark.png", profile: nil)
        XCTAssertEqual(source(load(url)), "file")
        let path = "\(folders.thumbnails)/normal/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: url.path)))"
        let decoded = try XCTUnwrap(PNGFile.decode(Data(contentsOf: URL(fileURLWithPath: path)), by: .here, keys: [SharedThumbnails.colourKey], maxSide: 128))
        XCTAssertEqual(decoded.text[SharedThumbnails.colourKey], "sRGB")
    }
}
