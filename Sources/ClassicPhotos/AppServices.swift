// Why this exists: what every window shares: one SoupSession (made on the main thread), the fetcher, preferences and command-line overrides.
import Foundation
import PhotoPipeline

@MainActor
final class AppServices {
    let http: HTTPClient
    let fetcher: ResourceFetcher
    let preferences = AppSettings()
    let options: CommandLineOptions

    init(options: CommandLineOptions) {
        self.options = options
        http = HTTPClient()
        fetcher = ResourceFetcher(http: http)
    }

    /// Pipeline settings from the preferences, with command-line options taking precedence.
    func pipelineSettings() -> PipelineSettings {
        var settings = PipelineSettings()
        settings.downloadConcurrency = options.downloadConcurrency ?? preferences.downloadConcurrency
        let filters = options.filtrationConcurrency ?? preferences.filtrationConcurrency
        if filters > 0 { settings.filtrationConcurrency = filters }
        settings.sepiaIntensity = preferences.sepiaIntensity
        return settings
    }
}
