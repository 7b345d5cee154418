import Foundation
import RxModalPluginABI
import SwiftPluginSupport

// The messageComposer kind (the seed's MFMessageComposeViewController), written in
// Swift. Like the mailComposer it links the plugin support statically, not the RxModal
// runtime, and exports only rxm_plugin_entry (plugins/swift-plugin-support/exports.map:
// its other Swift symbols stay local, so they never bind to a host's copies).

/// The kind's entry function (see Include/rxmodal_plugin.h's rxm_plugin_entry):
/// exported under that name by librxmodal-messageComposer.so (plugins/entries), and
/// registered in-process by programs that link the kind statically.
public func messageComposerKindEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    hostABIMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) ? MessageComposerPlugin.descriptor : nil
}

enum MessageComposerPlugin {
    typealias Config = PluginConfig<MessageComposerConfig>

    nonisolated(unsafe) static let descriptor: UnsafePointer<rxm_plugin_descriptor> = PluginDescriptor.make(
        kind: "messageComposer",
        summary: "Composes a text message in a form and sends it through RXMODAL_SMS_COMMAND, KDE Connect or ModemManager (MFMessageComposeViewController).",
        result: #"{"result": "sent"} | {"result": "cancelled"} | {"result": "failed", "message": s}"#,
        methods: [
            PluginMethodRow("setRecipients", "S", setRecipients, "recipients", "The phone numbers (or addresses) to send to; replaces the list."),
            PluginMethodRow("setBody", "s", setBody, "body", "The text of the message."),
            PluginMethodRow("setSubject", "s", setSubject, "subject", "A subject, for transports that carry one (no line breaks)."),
            PluginMethodRow("addAttachment", "s", addAttachment, "path", "Attaches the file at path (it must be readable now)."),
        ]) { descriptor in
        descriptor.config_new = { _ in Config.pointer(to: MessageComposerConfig()) }
        descriptor.config_free = { config in Config.release(config)?.free() }
        descriptor.precondition = { _, error in
            switch TextMessageTransport.locate(environment: ProcessEnvironment.current()) {
            case .success: return Int32(RXM_OK)
            case .failure(let failure): return failure.fill(error)
            }
        }
        descriptor.present = { config, surface, observer, error in present(config, surface, observer, error) }
    }

    static let setRecipients: PluginMethods.StringsMethod = { config, list, count, error in
        Config.method(config, error, "setRecipients") { configuration in
            let recipients = PluginArguments.strings(list, count)
            for (index, recipient) in recipients.enumerated() { try TextMessage.checkRecipient(recipient, field: "recipients[\(index)]") }
            configuration.change { $0.recipients = recipients }
        }
    }

    static let setBody: PluginMethods.StringMethod = { config, body, error in
        Config.method(config, error, "setBody") { configuration in
            let text = PluginArguments.string(body)
            configuration.change { $0.body = text }
        }
    }

    static let setSubject: PluginMethods.StringMethod = { config, subject, error in
        Config.method(config, error, "setSubject") { configuration in
            let text = PluginArguments.string(subject)
            try TextMessage.checkSubject(text)
            configuration.change { $0.subject = text }
        }
    }

    static let addAttachment: PluginMethods.StringMethod = { config, path, error in
        Config.method(config, error, "addAttachment") { configuration in
            let text = PluginArguments.string(path)
            try TextMessage.checkAttachment(text, field: "attachments[\(configuration.snapshot.attachments.count)]")
            configuration.change { $0.attachments.append(text) }
        }
    }

    static func present(_ config: UnsafeMutableRawPointer?, _ surface: UnsafePointer<rxm_surface>?,
                        _ observer: rxm_observer, _ errorOut: PluginMethods.Failure) -> rxm_disposable {
        guard let configuration = Config.object(config), let surface else {
            PluginError.invalidArgument("present: the configuration or the surface is NULL").fill(errorOut)
            return rxm_disposable()
        }
        let shown = ShownForm<MessageComposeForm>(MessageComposeForm(message: configuration.snapshot))
        let session = FormSession(surface: surface, observer: observer) { session, answer in
            let form = shown.form
            let choice: MessageComposeForm.Choice
            let message: TextMessage
            do {
                (choice, message) = try form.read(answer)
            } catch let failure as PluginError {
                return session.fail(failure)
            } catch {
                return session.fail(PluginError(Int32(RXM_ERR_INTERNAL), "\(error)"))
            }
            if choice == .cancel { return session.finish(with: .object([("result", "cancelled")])) }
            let validated: TextMessage
            do {
                validated = try message.validated()
            } catch {
                // Nothing typed is lost: the same form again, with what is wrong.
                let again = MessageComposeForm(message: message, problem: (error as? PluginError)?.message ?? "\(error)")
                shown.form = again
                return session.showAgain(again.spec)
            }
            DispatchQueue.global().async {
                // The transport is looked up when sending, as configured now.
                switch TextMessageTransport.locate(environment: ProcessEnvironment.current()) {
                case .failure(let failure):
                    session.finish(with: .object([("result", "failed"), ("message", .string(failure.message))]))
                case .success(let transport):
                    do {
                        try transport.send(validated)
                        session.finish(with: .object([("result", "sent")]))
                    } catch {
                        session.finish(with: .object([("result", "failed"), ("message", .string("\(error)"))]))
                    }
                }
            }
        }
        configuration.keep(session)
        do {
            try session.show(shown.form.spec)
            return session.disposable
        } catch let failure as PluginError {
            failure.fill(errorOut)
        } catch {
            PluginError(Int32(RXM_ERR_INTERNAL), "\(error)").fill(errorOut)
        }
        return rxm_disposable()
    }
}
