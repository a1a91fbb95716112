// Why this exists: the executable's entry point: the app (everything else is in the PhotosApp library, where tests can reach it), or, started with --decode-helper, one of its decoding helpers.
import DecodeHelper
import Foundation
import PhotoPipeline
import PhotosApp

if CommandLine.arguments.count == 2, CommandLine.arguments[1] == HelperLaunch.helperArgument {
    DecodeHelperMain.run()
}
let status = MainActor.assumeIsolated { Launch.run(CommandLine.arguments) }
exit(status)
