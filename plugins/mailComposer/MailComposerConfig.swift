import Foundation
import RxModalMail
import SwiftPluginSupport

/// The mailComposer's configuration: the message as configured so far (each
/// method validates its field at once, so a bad address is refused where it is
/// set), the draft folder, and the presentations made from it.
///
/// Thread safety: `lock` guards every field. The host calls methods serially,
/// but `present`'s form reads a snapshot while a later method may run.
final class MailComposerConfig: @unchecked Sendable {
    private let lock = NSLock()
    private var message = MailMessage()
    private var draftsDirectory: String?
    private var transport = MailTransportChoice.sendmail
    private var sessions: [FormSession] = []

    struct Snapshot {
        let message: MailMessage
        let draftsDirectory: String?
        let transport: MailTransportChoice
    }

    var snapshot: Snapshot {
        lock.withLock { Snapshot(message: message, draftsDirectory: draftsDirectory, transport: transport) }
    }

    func change(_ body: (inout MailMessage) -> Void) {
        lock.withLock { body(&message) }
    }

    func setDraftsDirectory(_ path: String?) {
        lock.withLock { draftsDirectory = path }
    }

    func setTransport(_ choice: MailTransportChoice) {
        lock.withLock { transport = choice }
    }

    func keep(_ session: FormSession) {
        lock.withLock { sessions.append(session) }
    }

    /// `config_free`: takes down any presentation the host did not dispose.
    func free() {
        let all = lock.withLock { () -> [FormSession] in defer { sessions = [] }; return sessions }
        all.forEach { $0.dispose() }
    }
}
