import XCTest
import Foundation
import Glibc
import RxCore
import RxModal

/// What the web authentication tests drive the plugin with: raw requests to its
/// listener (the tests act as the browser), the session URL read from the
/// scripted surface's transcript, and the small authorization server of Support/.
enum WebAuthTestTools {
    static let supportDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")

    /// A request with the verifier-less authorization URL of a made-up server.
    static func request(path: String = "/callback") throws -> OAuthAuthorizationRequest {
        try OAuthAuthorizationRequest(authorizationEndpoint: URL(string: "https://auth.example/authorize")!,
                                      clientID: "rxmodal-tests", scopes: ["openid", "profile"], redirectPath: path)
    }

    /// A scripted surface that reports the browser opened and then keeps the
    /// waiting prompt up until dismissed.
    static func waitingSurface() -> ScriptedSurface {
        ScriptedSurface(script: SurfaceScript(steps: [
            ScriptStep(expect: ["primitive": "openURL"], answer: .opened),
            ScriptStep(expect: ["primitive": "prompt"], answer: .stayOpen),
        ]))
    }

    /// The URL the session opened (the openURL presentation's url), once shown.
    static func openedURL(on surface: ScriptedSurface, file: StaticString = #filePath, line: UInt = #line) throws -> URLComponents {
        surface.waitUntilShown(1, file: file, line: line)
        let text = try XCTUnwrap(surface.transcript.first?["spec"]?["url"]?.stringValue, file: file, line: line)
        return try XCTUnwrap(URLComponents(string: text), file: file, line: line)
    }

    /// The port of the redirect_uri in the opened URL.
    static func listenerPort(on surface: ScriptedSurface, file: StaticString = #filePath, line: UInt = #line) throws -> UInt16 {
        let opened = try openedURL(on: surface, file: file, line: line)
        let redirect = try XCTUnwrap(opened.queryItems?.first { $0.name == "redirect_uri" }?.value, file: file, line: line)
        let port = try XCTUnwrap(URLComponents(string: redirect)?.port, "redirect_uri without a port: \(redirect)", file: file, line: line)
        return UInt16(port)
    }
}

/// A raw TCP exchange with 127.0.0.1: sends bytes, reads the whole answer.
enum LoopbackClient {
    enum Outcome: Equatable {
        case refused
        case answered(status: Int?, body: String)
    }

    static func exchange(port: UInt16, host: String = "127.0.0.1", send bytes: [UInt8]) -> Outcome {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .refused }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return .refused }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }   // the listener may close early (a request too large)
            offset += sent
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = statusLine.split(separator: " ")
        let status = parts.count >= 2 && statusLine.hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return .answered(status: status, body: body)
    }

    static func exchange(port: UInt16, _ request: String) -> Outcome {
        exchange(port: port, send: Array(request.utf8))
    }

    /// The status of a GET of `target`.
    static func get(port: UInt16, _ target: String) -> Outcome {
        exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }
}

/// The Support/authorization_server.py process, on a loopback port; stopped by `stop()`.
final class AuthorizationServer {
    let port: Int
    private let process: Process

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [WebAuthTestTools.supportDirectory.appendingPathComponent("authorization_server.py").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw XCTSkip("the authorization server did not start (python3 missing?)")
        }
        self.port = port
    }

    var authorizeEndpoint: URL { URL(string: "http://127.0.0.1:\(port)/authorize")! }

    /// GET or POST to the server; returns the status and body.
    func call(_ path: String, form: [String: String]? = nil) throws -> (status: Int, body: Data) {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        if let form {
            let body = form.keys.sorted().map { "\($0)=\(OAuthFormEncoding.encode(form[$0]!))" }.joined(separator: "&")
            request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        guard case .answered(let status?, let body) = LoopbackClient.exchange(port: UInt16(port), request) else {
            throw AuthorizationServerError(reason: "the authorization server does not answer \(path)")
        }
        return (status, Data(body.utf8))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

struct AuthorizationServerError: Error {
    let reason: String
}

enum OAuthFormEncoding {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}
