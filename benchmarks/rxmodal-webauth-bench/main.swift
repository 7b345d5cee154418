// Measures the webAuthenticationSession plugin, in release mode:
//   1. subscribe → the session's openURL is shown (the listener is bound before
//      that, in present(), so this bounds "subscribe → listener ready");
//   2. the callback request written to the socket → the value delivered to the
//      subscriber.
// Run: swift run -c release rxmodal-webauth-bench [iterations]
import Foundation
import Glibc
import RxCore
import RxModal

/// A surface that notes when the openURL is shown and answers it at once; the
/// prompt stays until dismissed. Guarded by a lock; any thread.
final class BenchSurface: ModalSurface, @unchecked Sendable {
    let name = "bench"
    private let lock = NSLock()
    private var shownURL: String?
    private var shownAt: UInt64 = 0

    func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
              onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        let primitive = try SurfaceSpec.validate(spec)
        if primitive == .openURL {
            let time = monotonicNanoseconds()
            lock.withLock { shownURL = spec["url"]?.stringValue; shownAt = time }
            DispatchQueue.global().async { onResult(["opened": true]) }
        }
        return SurfacePresentation(primitive: primitive)
    }

    func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {}
    func dismiss(_ presentation: SurfacePresentation) {}

    func waitForURL() -> (String, UInt64) {
        while true {
            if let shown = lock.withLock({ shownURL.map { ($0, shownAt) } }) { return shown }
            sched_yield()
        }
    }
}

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Sends a raw request to 127.0.0.1:port (or [::1]); returns the time just before writing.
func sendRequest(_ request: String, to origin: String) -> UInt64 {
    let port = UInt16(origin.split(separator: ":").last!)!
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    precondition(connected == 0, "connect failed")
    let start = monotonicNanoseconds()
    _ = request.withCString { send(fd, $0, strlen($0), 0) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while recv(fd, &buffer, buffer.count, 0) > 0 {}
    close(fd)
    return start
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200 : 200
let request = try OAuthAuthorizationRequest(authorizationEndpoint: URL(string: "https://auth.example/authorize")!, clientID: "bench")
var readyTimes: [Double] = []
var deliveryTimes: [Double] = []

for _ in 0..<iterations {
    let surface = BenchSurface()
    let delivered = DispatchSemaphore(value: 0)
    let deliveredAt = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    defer { deliveredAt.deallocate() }
    let subscribeAt = monotonicNanoseconds()
    let subscription = RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", presenter: .surface(surface))
        .subscribe(onSuccess: { _ in deliveredAt.pointee = monotonicNanoseconds(); delivered.signal() },
                   onFailure: { error in fatalError("session failed: \(error)") })
    let (url, shownAt) = surface.waitForURL()
    readyTimes.append(Double(shownAt - subscribeAt) / 1e6)
    let redirect = URLComponents(string: url)!.queryItems!.first { $0.name == "redirect_uri" }!.value!
    let base = redirect.replacingOccurrences(of: "/callback", with: "")
    let sentAt = sendRequest("GET /callback?code=benchcode&state=\(request.state) HTTP/1.1\r\nHost: \(base.dropFirst("http://".count))\r\n\r\n", to: base)
    delivered.wait()
    deliveryTimes.append(Double(deliveredAt.pointee - sentAt) / 1e6)
    subscription.dispose()
}

func report(_ name: String, _ values: [Double]) {
    print(String(format: "%@: median %.3f ms, p90 %.3f ms, min %.3f ms (%d runs)", name,
                 percentile(values, 0.5), percentile(values, 0.9), values.min()!, values.count))
}
report("subscribe -> openURL shown (listener bound)", readyTimes)
report("callback written -> value delivered", deliveryTimes)
