// Why this exists: for the private-network-access tests: inside a network namespace of its own (run it under `unshare -rnm`), gives loopback a public, a private and a link-local address, serves files, photos and redirects from all of them, and runs a command (the app) beside that server.
//
//   network-fixture --root DIR --log FILE [--hosts FILE] [--proxy PORT] -- COMMAND [ARGUMENT…]
//
// - 203.0.113.10 (TEST-NET-3, which the rule counts as public), 10.20.30.40 (private),
//   169.254.10.20 (link-local) and 127.0.0.1 (local), all on port 8080;
// - `/files/NAME` serves DIR/NAME, `/redirect?to=URL` answers 302 to URL, anything else is
//   the sample-photo route;
// - every request is appended to FILE as "LOCAL-ADDRESS PATH";
// - port 8081 on every address only accepts connections and closes them, appending
//   "CONNECT LOCAL-ADDRESS" to FILE for each: whether a connection was attempted at all;
// - `--hosts FILE` is bind-mounted over /etc/hosts (names for DNS tests);
// - `--proxy PORT` runs a forward HTTP proxy on 127.0.0.1:PORT (Scripts/http-proxy.py), which
//   logs "PROXY URL" to FILE for every request it forwards.
import Foundation
import TestAndBenchSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("network-fixture: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var root = "", log = "", hosts: String?, proxyPort: String?
while let first = arguments.first, first != "--" {
    arguments.removeFirst()
    guard let value = arguments.first else { fail("\(first) needs a value") }
    arguments.removeFirst()
    switch first {
    case "--root": root = value
    case "--log": log = value
    case "--hosts": hosts = value
    case "--proxy": proxyPort = value
    default: fail("unknown option \(first)")
    }
}
guard arguments.first == "--", arguments.count > 1, !root.isEmpty, !log.isEmpty else {
    fail("usage: network-fixture --root DIR --log FILE [--hosts FILE] -- COMMAND…")
}
let command = Array(arguments.dropFirst())
/// What the server serves (a constant, which its threads may read).
let servedRoot = root

for step in [["link", "set", "lo", "up"], ["addr", "add", "203.0.113.10/24", "dev", "lo"],
             ["addr", "add", "10.20.30.40/32", "dev", "lo"], ["addr", "add", "169.254.10.20/32", "dev", "lo"]] {
    let result = try Tool.run("/usr/sbin/ip", step)
    if result.status != 0 { fail("ip \(step.joined(separator: " ")) failed (\(result.status))") }
}
if let hosts {
    let result = try Tool.run("/usr/bin/mount", ["--bind", hosts, "/etc/hosts"])
    if result.status != 0 { fail("cannot bind-mount \(hosts) over /etc/hosts") }
}

// Appended to (O_APPEND): the proxy writes its lines to the same file.
let logHandle = FileHandle(fileDescriptor: open(log, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC, 0o644), closeOnDealloc: true)
let logLock = NSLock()
let server = try TestServer(everywhere: 8080, onRequest: { address, request in
    logLock.withLock { logHandle.write(Data("\(address) \(request)\n".utf8)) }
}) { path, query in
    if path.hasPrefix("/files/") {
        let name = String(path.dropFirst("/files/".count))
        guard !name.contains("/"), let body = FileManager.default.contents(atPath: servedRoot + "/" + name) else {
            return ServerPlan(status: 404, body: Data("not found".utf8), contentType: "text/plain")
        }
        return ServerPlan(body: body, contentType: "application/json")
    }
    if path == "/redirect", let target = query["to"] {
        return ServerPlan(status: 302, headers: ["Location": target])
    }
    return SamplePhotos.route(path, query)
}

// Port 8081: every connection accepted is written down, then closed. One IPv6 socket that takes
// IPv4 too (IPV6_V6ONLY off), so that a connection to :: is seen as well as one to 0.0.0.0; an
// IPv4 address is written as IPv4.
let acceptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
var yes: Int32 = 1, no: Int32 = 0
setsockopt(acceptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
setsockopt(acceptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &no, socklen_t(MemoryLayout<Int32>.size))
var any = sockaddr_in6()
any.sin6_family = sa_family_t(AF_INET6)
any.sin6_port = in_port_t(8081).bigEndian
let bound = withUnsafePointer(to: &any) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(acceptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
if bound != 0 || listen(acceptor, 16) != 0 { fail("cannot listen on port 8081") }
Thread.detachNewThread {
    while true {
        let connection = accept(acceptor, nil, nil)
        guard connection >= 0 else { continue }
        var local = sockaddr_in6(), length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(connection, $0, &length) } }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        inet_ntop(AF_INET6, &local.sin6_addr, &text, socklen_t(INET6_ADDRSTRLEN))
        let address = String(cString: text)
        let written = address.hasPrefix("::ffff:") && address.contains(".") ? String(address.dropFirst(7)) : address
        logLock.withLock { logHandle.write(Data("CONNECT \(written)\n".utf8)) }
        close(connection)
    }
}

var proxy: ChildProcess?
if let proxyPort {
    let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/http-proxy.py").path
    proxy = try ChildProcess("/usr/bin/python3", [script, proxyPort, log])
    // Ready once it accepts connections.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, (try? Tool.run("/usr/bin/python3", ["-c", "import socket; socket.create_connection(('127.0.0.1', \(proxyPort)), 1)"]).status) != 0 {
        usleep(50_000)
    }
}

// The command dies with this process (ChildProcess); this process ends when it does.
let child = try ChildProcess(command[0], Array(command.dropFirst()))
while child.isRunning { usleep(50_000) }
withExtendedLifetime(proxy) {}
exit(child.terminationStatus ?? 1)
