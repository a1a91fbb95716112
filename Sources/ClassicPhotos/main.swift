// Why this exists: the executable's entry point: the app (everything else is in the PhotosApp library, where tests can reach it). Its decoding helpers are a program of their own (ClassicPhotosHelper).
import Foundation
import PhotosApp

let status = MainActor.assumeIsolated { Launch.run(CommandLine.arguments) }
exit(status)
