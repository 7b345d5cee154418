import Foundation
import RxModalMail
import RxModalPluginABI
import SwiftPluginSupport

/// The configuration methods, named after the seed's controller. Each validates its
/// argument at once (an address, a header field, an attachment's type and name, a
/// file) and refuses with a message naming the field, so that a message that was
/// configured can also be sent.
extension MailComposerPlugin {
    static var methodRows: [PluginMethodRow] {
        [
            PluginMethodRow("setToRecipients", "S", setToRecipients, "recipients",
                            "The To addresses (\"a@b.org\" or \"Name <a@b.org>\"); replaces the list."),
            PluginMethodRow("setCcRecipients", "S", setCcRecipients, "recipients", "The Cc addresses; replaces the list."),
            PluginMethodRow("setBccRecipients", "S", setBccRecipients, "recipients",
                            "The Bcc addresses; replaces the list. They receive the message but never appear in it."),
            PluginMethodRow("setSubject", "s", setSubject, "subject", "The subject line (no line breaks)."),
            PluginMethodRow("setMessageBody", "sb", setMessageBody, "body,isHTML",
                            "The body; with isHTML it is sent as HTML with a plain-text alternative."),
            PluginMethodRow("addAttachmentData", "yss", addAttachmentData, "data,mimeType,fileName",
                            "Attaches bytes with a MIME type (type/subtype) and a file name."),
            PluginMethodRow("addAttachmentFile", "ss", addAttachmentFile, "path,mimeType",
                            "Attaches the file at path, read now; an empty mimeType is guessed from the extension."),
            PluginMethodRow("setPreferredSendingEmailAddress", "s", setPreferredSendingEmailAddress, "address",
                            "The From address; empty: RXMODAL_MAIL_FROM, else user@hostname."),
            PluginMethodRow("setDraftsDirectory", "s", setDraftsDirectory, "path",
                            "The Maildir drafts are saved in (an absolute path); empty: $XDG_DATA_HOME/rxmodal/Drafts."),
            PluginMethodRow("setTransport", "s", setTransport, "transport",
                            "sendmail (default: this composer's form, then the sendmail command or a draft) or mailClient " +
                            "(no form of ours: the message goes to the user's mail client through the desktop's Email " +
                            "portal, --surface desktop, and \"sent\" means the client has it)."),
        ]
    }

    static func recipients(_ list: PluginMethods.Strings, _ count: Int, field: String) throws -> [String] {
        let recipients = PluginArguments.strings(list, count)
        for (index, text) in recipients.enumerated() {
            _ = try MailAddress(parsing: text, field: "\(field)[\(index)]")
        }
        return recipients
    }

    static let setToRecipients: PluginMethods.StringsMethod = { config, list, count, error in
        Config.method(config, error, "setToRecipients") { configuration in
            let addresses = try recipients(list, count, field: "to")
            configuration.change { $0.toRecipients = addresses }
        }
    }

    static let setCcRecipients: PluginMethods.StringsMethod = { config, list, count, error in
        Config.method(config, error, "setCcRecipients") { configuration in
            let addresses = try recipients(list, count, field: "cc")
            configuration.change { $0.ccRecipients = addresses }
        }
    }

    static let setBccRecipients: PluginMethods.StringsMethod = { config, list, count, error in
        Config.method(config, error, "setBccRecipients") { configuration in
            let addresses = try recipients(list, count, field: "bcc")
            configuration.change { $0.bccRecipients = addresses }
        }
    }

    static let setSubject: PluginMethods.StringMethod = { config, subject, error in
        Config.method(config, error, "setSubject") { configuration in
            let text = PluginArguments.string(subject)
            _ = try MailMessage(subject: text).validated()
            configuration.change { $0.subject = text }
        }
    }

    static let setMessageBody: PluginMethods.StringBoolMethod = { config, body, isHTML, error in
        Config.method(config, error, "setMessageBody") { configuration in
            let text = PluginArguments.string(body)
            configuration.change { $0.body = text; $0.isHTML = isHTML }
        }
    }

    static let addAttachmentData: PluginMethods.BytesStringStringMethod = { config, data, length, mimeType, fileName, error in
        Config.method(config, error, "addAttachmentData") { configuration in
            let attachment = MailAttachment(data: Data(PluginArguments.bytes(data, length)),
                                            mimeType: PluginArguments.string(mimeType), fileName: PluginArguments.string(fileName))
            try add(attachment, to: configuration)
        }
    }

    static let addAttachmentFile: PluginMethods.StringStringMethod = { config, path, mimeType, error in
        Config.method(config, error, "addAttachmentFile") { configuration in
            let filePath = PluginArguments.string(path)
            let type = PluginArguments.string(mimeType)
            let index = configuration.snapshot.message.attachments.count
            let attachment = try MailAttachment(contentsOfFile: filePath, mimeType: type.isEmpty ? MIMETypeGuess.forPath(filePath) : type,
                                                field: "attachments[\(index)].path")
            try add(attachment, to: configuration)
        }
    }

    /// Validates the attachment where it will stand (so the field names its index), then adds it.
    static func add(_ attachment: MailAttachment, to configuration: MailComposerConfig) throws {
        var message = configuration.snapshot.message
        message.attachments.append(attachment)
        _ = try MailMessage(attachments: message.attachments).validated()
        configuration.change { $0.attachments.append(attachment) }
    }

    static let setPreferredSendingEmailAddress: PluginMethods.StringMethod = { config, address, error in
        Config.method(config, error, "setPreferredSendingEmailAddress") { configuration in
            let text = PluginArguments.string(address)
            if !text.isEmpty { _ = try MailAddress(parsing: text, field: "from") }
            configuration.change { $0.preferredSendingAddress = text.isEmpty ? nil : text }
        }
    }

    static let setTransport: PluginMethods.StringMethod = { config, text, error in
        Config.method(config, error, "setTransport") { configuration in
            let name = PluginArguments.string(text)
            guard let choice = MailTransportChoice(rawValue: name) else {
                let names = MailTransportChoice.allCases.map(\.rawValue).joined(separator: " or ")
                throw PluginError.invalidArgument("transport: expected \(names), got \(name)")
            }
            configuration.setTransport(choice)
        }
    }

    static let setDraftsDirectory: PluginMethods.StringMethod = { config, path, error in
        Config.method(config, error, "setDraftsDirectory") { configuration in
            let text = PluginArguments.string(path)
            guard text.isEmpty || text.hasPrefix("/") else {
                throw PluginError.invalidArgument("draftsDirectory: expected an absolute path, got \(text)")
            }
            configuration.setDraftsDirectory(text.isEmpty ? nil : text)
        }
    }
}
