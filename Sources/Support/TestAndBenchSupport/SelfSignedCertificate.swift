// Why this exists: a fresh self-signed certificate and key (PEM, made with openssl) for an HTTPS test server no client should trust.
import Foundation

public enum SelfSignedCertificate {
    public static func make() throws -> String {
        let directory = TemporaryFiles.url("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("cert.pem").path, key = directory.appendingPathComponent("key.pem").path
        let result = try Tool.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                                                      "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        guard result.status == 0 else { throw NSError(domain: "openssl", code: Int(result.status)) }
        return try String(contentsOfFile: cert, encoding: .utf8) + String(contentsOfFile: key, encoding: .utf8)
    }
}
