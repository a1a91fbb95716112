// Why this exists: the fixed sets of values some trace fields take (a page, an action, where bytes came from), as enums, so a misspelt value does not compile.
/// Private network access: the window asked, the user allowed the gallery or dismissed the
/// question, or took the gallery's permission back.
public enum LocalNetworkAction: String, Sendable, Codable, CaseIterable {
    case asked, allowed, dismissed, revoked
}

/// Decoding without bubblewrap where it cannot run: the window asked, the user allowed it or
/// kept photos closed, or withdrew the permission (in the menu).
public enum SandboxConsentAction: String, Sendable, Codable, CaseIterable {
    case asked, allowed, refused, withdrawn
}

/// Why the renderer GTK draws with was chosen.
public enum RendererReason: String, Sendable, Codable, CaseIterable {
    /// `GSK_RENDERER` was set: the user's choice, left alone.
    case userSet = "set-by-user"
    /// GL is a software rasterizer here (no GPU): cairo draws faster on the CPU.
    case softwareGL = "software-gl"
    /// The display offers no direct rendering (an X server with none of DRI3, DRI2 or NV-GLX):
    /// GL could only be a software rasterizer, so cairo, without loading GL to ask.
    case noDirectRendering = "no-direct-rendering"
    /// GL runs on a GPU: GTK's default.
    case hardwareGL = "hardware-gl"
    /// No GL context could be made: cairo.
    case noGL = "no-gl"
}

/// What the viewer did.
public enum ViewerAction: String, Sendable, Codable, CaseIterable {
    case opened, moved, closed, fullscreen, windowed
    /// Rotate turned the photo's image held, from its pixels in memory.
    case turned
    /// Rate, Flag or Tags changed the marks the photo's image held shows, its pixels kept.
    case marked
    /// A RAW file shown from its camera's preview is being developed from its sensor's data.
    case developing
    /// The slideshow began, was paused, went on, or ended.
    case slideshow, paused, resumed, ended
}

/// What became of the viewer's animation.
public enum AnimationAction: String, Sendable, Codable, CaseIterable {
    case playing, stopped
}

/// How an export of a gallery ended.
public enum ExportEnding: String, Sendable, Codable, CaseIterable {
    case finished, cancelled, stopped
}

/// How a print ended.
public enum PrintEnding: String, Sendable, Codable, CaseIterable {
    case printed, cancelled, failed
}

/// How Set as Background ended.
public enum BackgroundEnding: String, Sendable, Codable, CaseIterable {
    case set, cancelled, failed
}

/// What became of a photo sent to the trash or deleted.
public enum TrashStep: String, Sendable, Codable, CaseIterable {
    case trashed, restored, deleted, asked, kept, failed
}

/// Where the viewer's bytes of a photo came from.
public enum BytesSource: String, Sendable, Codable, CaseIterable {
    /// Held by the viewer (switching sepia on or off).
    case memory
    /// The list's download the viewer waited on.
    case download
    case file
    case httpCache = "http-cache"
    case network
}
