// Why this exists: the decoding helpers driven without a window, for the sandbox test that runs as an unprivileged user (setpriv): each file is decoded through the app's own pool and launch, and a line says what came of it; and whether another process of the user's could read this one's memory, once it protected itself as the app does.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoPipeline

// classic-photos-sandbox-probe PROGRAM FILE...: PROGRAM is the decoding helper's program.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: sandbox-probe PROGRAM FILE...\n".utf8))
    exit(2)
}
// As the app does before its first helper: no other process of the user's may read its memory.
_ = HelperPool.protectTheApp()
let pool = HelperPool(launch: HelperLaunch(executable: arguments[1]), size: 1)
let decoders = Decoders.helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))
for path in arguments.dropFirst(2) {
    var line = path
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var decoder = ImageDecoder(maxDimension: 256)
        decoder.decoding(URL(fileURLWithPath: path))
        let image = try decoder.decode(data, by: decoders)
        let pixbuf = image.pixbuf
        let centre = pixbuf.pixels + (pixbuf.height / 2) * pixbuf.rowStride + (pixbuf.width / 2) * pixbuf.channels
        line += "\tdecoded\t\(image.width)x\(image.height)\tcentre \(centre[0]),\(centre[1]),\(centre[2])"
    } catch let error as DecodeError {
        line += "\tfailed\t\(StageFailure(error).code.rawValue)\t\(error)"
    } catch {
        line += "\tunreadable\t\(error)"
    }
    print(line)
}
switch pool.sandboxState {
case .bubblewrap: print("sandbox\tbubblewrap")
case .unavailable(let why): print("sandbox\tnone\t\(why)")
case .unknown: print("sandbox\tunknown")
}
print("started\t\(pool.startedCount)")
// Whether another process of the same user can read this one's environment (it should not).
let reader = Process()
reader.executableURL = URL(fileURLWithPath: "/bin/cat")
reader.arguments = ["/proc/\(getpid())/environ"]
reader.standardOutput = FileHandle.nullDevice
reader.standardError = FileHandle.nullDevice
try? reader.run()
reader.waitUntilExit()
print("memory\t\(reader.terminationStatus == 0 ? "readable" : "refused")")
pool.stopAll()
exit(0)
