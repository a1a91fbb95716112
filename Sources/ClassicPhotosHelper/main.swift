// Why this exists: the decoding helper's own program (installed under libexec, found beside the app in a build): the only one that links the photo parsers (GdkPixbuf's loaders as it decodes, gexiv2 and exiv2, libwebp's codec), so the app's never maps them. The app starts it with --decode-helper, in bubblewrap.
import DecodeHelper
import Foundation
import PhotoDecoding

guard CommandLine.arguments.count == 2, CommandLine.arguments[1] == HelperLaunch.helperArgument else {
    FileHandle.standardError.write(Data("classic-photos-helper: Classic Photos starts this program itself, to decode photos in a sandbox; it is not run by hand.\n".utf8))
    exit(2)
}
DecodeHelperMain.run()
