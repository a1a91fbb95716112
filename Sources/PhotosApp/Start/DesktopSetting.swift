// Why this exists: one desktop preference followed live, as GTK apps without libadwaita follow them: the Settings portal's value and its changes, else, where no portal answers for it, GNOME's GSettings key; shared by the colour scheme, contrast and text size.
import GLibRuntime
import GLibDesktop

@MainActor
final class DesktopSetting {
    /// Where the value came from, for the trace.
    enum Source: String { case portal, gsettings }

    private let namespace: String
    private let key: String
    private let schema: String
    private let gnomeKey: String
    /// The GNOME key read as the portal's number (an enum's string, a Boolean, a double).
    private let readGnome: @MainActor (Settings) -> Double
    /// Given where the schema is not installed.
    private let absent: Double
    private let changed: @MainActor (Double, Source) -> Void
    private var gnome: Settings?
    private var portalAnswered = false

    init(portal namespace: String, _ key: String, else schema: String, _ gnomeKey: String, absent: Double,
         read readGnome: @escaping @MainActor (Settings) -> Double, changed: @escaping @MainActor (Double, Source) -> Void) {
        self.namespace = namespace
        self.key = key
        self.schema = schema
        self.gnomeKey = gnomeKey
        self.absent = absent
        self.readGnome = readGnome
        self.changed = changed
    }

    /// Read it now and follow its changes (the value arrives on the main loop).
    func start() {
        SettingsPortal.onNumberChanged(namespace: namespace, key: key) { [weak self] value in
            self?.portalAnswered = true
            self?.changed(value, .portal)
        }
        SettingsPortal.readNumber(namespace: namespace, key: key) { [weak self] value in
            guard let self else { return }
            if let value {
                self.portalAnswered = true
                self.changed(value, .portal)
            } else {
                self.followGnomeSettings()
            }
        }
    }

    /// No portal, or one without this setting: the GNOME key, where its schema is installed.
    private func followGnomeSettings() {
        guard let settings = Settings(schemaID: schema, requiredKeys: [gnomeKey]) else { return changed(absent, .gsettings) }
        gnome = settings
        let read: @MainActor () -> Void = { [weak self] in
            guard let self, !self.portalAnswered else { return }
            self.changed(self.readGnome(settings), .gsettings)
        }
        settings.onChanged(gnomeKey, read)
        read()
    }
}
