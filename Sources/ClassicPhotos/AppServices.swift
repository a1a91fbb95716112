// Why this exists: what every window shares: one SoupSession (made on the main thread), the fetcher and the pipeline settings.
import Foundation
import PhotoPipeline

@MainActor
final class AppServices {
    let http: HTTPClient
    let fetcher: ResourceFetcher
    var settings: PipelineSettings
    let options: CommandLineOptions

    init(options: CommandLineOptions) {
        self.options = options
        http = HTTPClient()
        fetcher = ResourceFetcher(http: http)
        settings = PipelineSettings()
        if let n = options.downloadConcurrency { settings.downloadConcurrency = n }
        if let n = options.filtrationConcurrency { settings.filtrationConcurrency = n }
    }
}
