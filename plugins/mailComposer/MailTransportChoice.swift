/// How a mail composer delivers: its own form, then the sendmail command (or a
/// Maildir draft), as the seed's composer sends from the device; or the user's
/// mail client, handed the message through the "composeEmail" surface primitive
/// (the Email portal on the desktop surface), where the user finishes it.
enum MailTransportChoice: String, CaseIterable, Sendable {
    case sendmail
    case mailClient
}
