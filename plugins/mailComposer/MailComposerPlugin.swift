import Foundation
import RxModalMail
import RxModalPluginABI
import SwiftPluginSupport

// The mailComposer kind (the seed's MFMailComposeViewController), written in Swift.
//
// The shared object links RxModalMail and the plugin support statically and NOT the
// RxModal runtime: like every plugin it speaks to the host through
// Include/rxmodal_plugin.h alone. It is linked with a version script
// (plugins/swift-plugin-support/exports.map) that exports rxm_plugin_entry and makes
// every other symbol local. Without it, the plugin's copies of RxModalMail's (and
// this code's) Swift symbols would be exported, and the dynamic linker would bind the
// plugin's references to a host that links RxModalMail itself — two builds of one
// module mixed in one call. -Bsymbolic would stop that binding too, but would still
// export hundreds of symbols; the version script does both with one rule.

/// The kind's entry function (see Include/rxmodal_plugin.h's rxm_plugin_entry):
/// exported under that name by librxmodal-mailComposer.so (plugins/entries), and
/// registered in-process by programs that link the kind statically.
public func mailComposerKindEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    hostABIMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) ? MailComposerPlugin.descriptor : nil
}

enum MailComposerPlugin {
    typealias Config = PluginConfig<MailComposerConfig>

    /// Built once (a Swift global is initialized once, thread-safely) and never freed.
    nonisolated(unsafe) static let descriptor: UnsafePointer<rxm_plugin_descriptor> = PluginDescriptor.make(
        kind: "mailComposer",
        summary: "Composes an e-mail in a form and sends it through sendmail or msmtp, or saves it as a Maildir draft (MFMailComposeViewController).",
        result: #"{"result": "sent", "via"?: "mailClient"} | {"result": "saved", "draftPath": s} | {"result": "cancelled"} | {"result": "failed", "message": s, "draftPath"?: s}"#,
        methods: methodRows) { descriptor in
        descriptor.config_new = { _ in Config.pointer(to: MailComposerConfig()) }
        descriptor.config_free = { config in Config.release(config)?.free() }
        descriptor.precondition = { config, error in
            // Handing the message to a mail client needs no sendmail; the surface checks for the portal.
            if let configuration = Config.object(config),
               configuration.snapshot.transport == .mailClient { return Int32(RXM_OK) }
            return canSendMail(error)
        }
        descriptor.present = { config, surface, observer, error in present(config, surface, observer, error) }
    }

    /// canSendMail: a sendmail-compatible command is available.
    static func canSendMail(_ error: PluginMethods.Failure) -> Int32 {
        let environment = ProcessEnvironment.current()
        if SendmailTransport.canSendMail(environment: environment) { return Int32(RXM_OK) }
        let reason: String
        if let configured = environment["RXMODAL_SENDMAIL"], !configured.isEmpty {
            reason = "RXMODAL_SENDMAIL names \(configured), which is not an executable file (on PATH or as a path)"
        } else {
            reason = "\(MailTransportError.noCommand)"
        }
        return PluginError(Int32(RXM_ERR_UNSUPPORTED), reason).fill(error)
    }

    static func present(_ config: UnsafeMutableRawPointer?, _ surface: UnsafePointer<rxm_surface>?,
                        _ observer: rxm_observer, _ errorOut: PluginMethods.Failure) -> rxm_disposable {
        guard let configuration = Config.object(config), let surface else {
            PluginError.invalidArgument("present: the configuration or the surface is NULL").fill(errorOut)
            return rxm_disposable()
        }
        let snapshot = configuration.snapshot
        let environment = ProcessEnvironment.current()
        do {
            if snapshot.transport == .mailClient {
                return try handOff(snapshot.message, environment: environment, configuration: configuration,
                                   surface: surface, observer: observer)
            }
            let writer = try MIMEMessageWriter(environment: environment)
            let drafts = snapshot.draftsDirectory.map { MaildirDraftStore(directory: URL(fileURLWithPath: $0, isDirectory: true)) }
                ?? MaildirDraftStore(environment: environment)
            let composer = MailComposer(writer: writer, transport: try? SendmailTransport(environment: environment), drafts: drafts)
            let sender = try snapshot.message.preferredSendingAddress.map { try MailAddress(parsing: $0, field: "from") }
                ?? writer.identity.address
            let shown = ShownForm<MailComposeForm>(MailComposeForm(message: snapshot.message, sender: sender.description))
            let session = FormSession(surface: surface, observer: observer) { session, answer in
                let form = shown.form
                let choice: MailComposeForm.Choice
                let message: MailMessage
                let problem: String?
                do {
                    (choice, message, problem) = try form.read(answer)
                } catch let failure as PluginError {
                    return session.fail(failure)
                } catch {
                    return session.fail(PluginError(Int32(RXM_ERR_INTERNAL), "\(error)"))
                }
                if choice == .cancel { return session.finish(with: .object([("result", "cancelled")])) }
                if let problem {
                    // Nothing typed is lost: the same form again, with what is wrong.
                    let again = MailComposeForm(message: message, sender: form.sender, problem: problem)
                    shown.form = again
                    return session.showAgain(again.spec)
                }
                // Sending runs a command and saving writes files: not on the surface's thread.
                DispatchQueue.global().async {
                    do {
                        session.finish(with: try MailComposeForm.perform(choice, message, with: composer))
                    } catch let failure as PluginError {
                        session.fail(failure)
                    } catch {
                        session.fail(PluginError(Int32(RXM_ERR_INTERNAL), "\(error)"))
                    }
                }
            }
            configuration.keep(session)
            try session.show(shown.form.spec)
            return session.disposable
        } catch let failure as PluginError {
            failure.fill(errorOut)
        } catch {
            PluginError.invalidArgument("\(error)").fill(errorOut)
        }
        return rxm_disposable()
    }

    /// The mailClient transport: one "composeEmail" presentation, no form.
    static func handOff(_ message: MailMessage, environment: [String: String], configuration: MailComposerConfig,
                        surface: UnsafePointer<rxm_surface>, observer: rxm_observer) throws -> rxm_disposable {
        _ = try message.validated()
        let spec = try MailClientHandOff(message: message, environment: environment).spec()
        let session = FormSession(surface: surface, observer: observer) { session, answer in
            session.finish(with: MailClientHandOff.result(for: answer))
        }
        configuration.keep(session)
        try session.show(spec)
        return session.disposable
    }
}

