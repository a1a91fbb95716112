// Why this exists: for the process-lifetime test: starts what the tests and benchmarks start (Xvfb, a D-Bus session, a libsoup server, the app, a helper script), then ends normally, throws, or waits to be signalled or killed.
import Foundation
import TestAndBenchSupport

struct ProbeError: Error {}

/// Held in globals on purpose: Swift never deinitialises them at exit, as with the benchmark's Xvfb.
nonisolated(unsafe) var kept: [AnyObject] = []

func startEverything() throws {
    let xvfb = try Xvfb()
    let server = try TestServer(route: SamplePhotos.route)
    let app = try AppProcess(display: xvfb.display, arguments: [server.baseURL.absoluteString + "/gallery.json?count=50"])
    let helper = try ChildProcess("/bin/sh", ["-c", "sleep 600"])
    kept = [xvfb, server, app, helper]
    guard app.waitForFirstRows(timeout: 60) else { throw ProbeError() }
    print("ready", app.process.processIdentifier)
    fflush(nil)  // every stream (stdout is a C global Swift 6 will not read)
}

let mode = CommandLine.arguments.dropFirst().first ?? "end"
try startEverything()
switch mode {
case "end":
    exit(0)
case "throw":
    throw ProbeError()
default: // "wait": until a signal or kill -9
    while true { sleep(60) }
}
