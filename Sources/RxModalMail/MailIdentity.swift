import Foundation

/// Who the mail is from when the message names no preferred sending address:
/// `RXMODAL_MAIL_FROM` if set (an address, display name allowed), else `user@hostname`.
///
/// A plain value: usable from any thread.
public struct MailIdentity: Equatable, Sendable {
    public let address: MailAddress

    public init(address: MailAddress) {
        self.address = address
    }

    /// Resolves the identity from `environment`; throws a `MailValidationError` for
    /// field `RXMODAL_MAIL_FROM` when that variable holds no valid address.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MailIdentity {
        if let configured = environment["RXMODAL_MAIL_FROM"], !configured.isEmpty {
            return MailIdentity(address: try MailAddress(parsing: configured, field: "RXMODAL_MAIL_FROM"))
        }
        let user = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? NSUserName()
        return MailIdentity(address: try MailAddress(parsing: "\(user)@\(HostName.current)", field: "from"))
    }
}

/// The machine's host name (gethostname), for `user@hostname`, Message-ID and Maildir names.
enum HostName {
    static var current: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        let name = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
