import Foundation
import Glibc

/// Finds a file's content type (a MIME type) from its content.
///
/// With libmagic (`libmagic.so.1`, opened at run time) the answer is libmagic's
/// `MAGIC_MIME_TYPE`. libmagic's `magic_t` must not be used by two threads at
/// once, and loading its database costs a few milliseconds, so the detector
/// keeps a pool of loaded cookies: a thread takes one for one call and gives it
/// back, which never shares a cookie between threads. Without libmagic, the
/// detector falls back to ``ContentSniffer`` (the signatures of the formats the
/// pickers know) and says so in ``backend``.
///
/// The signatures of the formats the pickers offer are tried first (see
/// ``contentType(head:fileName:)``), so libmagic decides for everything else.
///
/// Thread safety: safe to use from any thread (the pool is under a lock).
public final class ContentTypeDetector: @unchecked Sendable {
    /// The process-wide detector.
    public static let shared = ContentTypeDetector()

    /// "libmagic" or "built-in signatures (libmagic not found: …)".
    public let backend: String
    public var usesLibmagic: Bool { api != nil }

    private struct MagicAPI {
        typealias Open = @convention(c) (Int32) -> OpaquePointer?
        typealias Load = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
        typealias Buffer = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> UnsafePointer<CChar>?
        let open: Open
        let load: Load
        let buffer: Buffer
    }

    private let api: MagicAPI?
    private var pool: [OpaquePointer] = []   // guarded by `lock`
    private let lock = NSLock()

    private static let magicMimeType: Int32 = 0x10   // MAGIC_MIME_TYPE in magic.h

    /// `disableLibmagic` is for tests of the fallback.
    public init(disableLibmagic: Bool = false) {
        var failure = "disabled"
        if !disableLibmagic, let library = DynamicLibrary.open(firstOf: ["libmagic.so.1", "libmagic.so"], failure: &failure),
           let open = library.symbol("magic_open", as: MagicAPI.Open.self),
           let load = library.symbol("magic_load", as: MagicAPI.Load.self),
           let buffer = library.symbol("magic_buffer", as: MagicAPI.Buffer.self) {
            api = MagicAPI(open: open, load: load, buffer: buffer)
            backend = "libmagic"
        } else {
            api = nil
            backend = "built-in signatures (libmagic not available: \(failure))"
        }
    }

    /// The MIME type of content starting with `head` (the first bytes of a file:
    /// ``LibraryScanner`` reads 8 KiB, enough for every signature it relies on),
    /// for a file called `fileName`.
    ///
    /// The signatures of the formats the pickers offer are checked first
    /// (``ContentSniffer``, a few byte comparisons); libmagic is asked only about
    /// content they do not recognize. libmagic walks its whole database for each
    /// file (about 0.5 ms here), which made it 80 % of a cold scan of a music
    /// library, where nearly every file has a known signature.
    public func contentType(head: UnsafeRawBufferPointer, fileName: String) -> String {
        if let known = ContentSniffer.signatureType(head: head) { return known }
        if let api, let cookie = takeCookie(api) {
            defer { giveBack(cookie) }
            if let result = api.buffer(cookie, head.baseAddress, head.count) {
                let type = String(cString: result)
                // libmagic reads an MP3 without an ID3 header as data at times, and
                // an empty head as "application/x-empty": let the file name help.
                if type != "application/octet-stream" && type != "application/x-empty" { return type }
            }
        }
        return ContentSniffer.contentType(head: head, fileName: fileName)
    }

    /// libmagic's answer alone (nil without libmagic), for tests that compare it with the signatures.
    public func libmagicType(head: UnsafeRawBufferPointer) -> String? {
        guard let api, let cookie = takeCookie(api) else { return nil }
        defer { giveBack(cookie) }
        return api.buffer(cookie, head.baseAddress, head.count).map { String(cString: $0) }
    }

    private func takeCookie(_ api: MagicAPI) -> OpaquePointer? {
        lock.lock()
        if let cookie = pool.popLast() {
            lock.unlock()
            return cookie
        }
        lock.unlock()
        guard let cookie = api.open(Self.magicMimeType) else { return nil }
        guard api.load(cookie, nil) == 0 else { return nil }   // leaks one cookie on a broken database: rare and bounded
        return cookie
    }

    private func giveBack(_ cookie: OpaquePointer) {
        lock.lock()
        pool.append(cookie)
        lock.unlock()
    }
}
