import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The browser's part in the web authentication section of `rxmodal demo`: after
/// the user signed in, an authorization server redirects the browser to the
/// session's loopback `redirect_uri` with `code` and `state`. The demo has no
/// authorization server, so it makes that last request itself, as a browser
/// would: one HTTP/1.1 GET over TCP to the loopback listener. Any thread.
enum DemoBrowser {
    /// Sends `GET <path and query>` to the loopback `url`; the response's status line.
    static func get(_ url: URL) throws -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.host == "127.0.0.1", let port = components.port else {
            throw failure("not an http://127.0.0.1:<port> address: \(url)")
        }
        let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw failure("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw failure("connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            throw failure("send: \(String(cString: strerror(errno)))")
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        return text.components(separatedBy: "\r\n").first ?? ""
    }

    private static func failure(_ message: String) -> Error {
        CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
