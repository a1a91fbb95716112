// Why this exists: the executable's entry point; everything else is in the PhotosApp library, where tests can reach it.
import Foundation
import PhotosApp

let status = MainActor.assumeIsolated { Launch.run(CommandLine.arguments) }
exit(status)
