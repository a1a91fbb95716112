// Why this exists: a manifest downloaded from the web and opened from the Downloads folder is as trusted as the web site it came from, not as a file the user wrote: browsers record that site on the file (the freedesktop `user.xdg.origin.url` attribute), and its space is the gallery's.
import Foundation
import GLibRuntime
import GLibIO

package enum DownloadOrigin {
    /// The attribute Chromium-based browsers (and others) set on what they download
    /// (`user.xdg.origin.url`; GIO names user attributes `xattr::` without `user.`).
    static let attribute = "xattr::xdg.origin.url"

    /// The space of the site the file at `path` was downloaded from, or nil when it says none.
    /// A host that does not resolve is judged public (the least trusted).
    static func space(ofFile path: String, cancellable: Cancellable) -> AddressSpace? {
        guard let origin = url(ofFile: path) else { return nil }
        guard let host = URL(string: origin)?.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), !host.isEmpty else { return .public }
        if let literal = AddressSpace.of(host) { return literal }
        guard let addresses = try? NetworkLookup.addresses(of: host, cancellable: cancellable), let first = addresses.first else { return .public }
        // Every address counts: judged by the most public of them, never trusting a name more
        // than its least trusted address.
        return addresses.map { AddressSpace.of($0.bytes) }.max() ?? AddressSpace.of(first.bytes)
    }

    /// The URL a file records it was downloaded from, if it records one.
    package static func url(ofFile path: String) -> String? {
        guard let value = FileAttributes.string(attribute, ofPath: path), !value.isEmpty else { return nil }
        return value
    }
}
