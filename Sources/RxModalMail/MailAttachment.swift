import Foundation

/// One attachment: its bytes, MIME type and file name, as the seed's
/// `addAttachmentData(_:mimeType:fileName:)` takes them.
///
/// A plain value: usable from any thread.
public struct MailAttachment: Equatable, Sendable {
    public var data: Data
    public var mimeType: String
    public var fileName: String

    public init(data: Data, mimeType: String, fileName: String) {
        self.data = data
        self.mimeType = mimeType
        self.fileName = fileName
    }

    /// Reads the file at `path` now, so that what is attached is what the user picked
    /// even if the file changes later. The file name is the path's last component
    /// unless `fileName` is given. Throws a `MailValidationError` naming `field`
    /// (for example `attachments[1].path`) when the file cannot be read.
    public init(contentsOfFile path: String, mimeType: String = "application/octet-stream",
                fileName: String? = nil, field: String = "attachment.path") throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MailValidationError(field: field, reason: .unreadableAttachment(detail: "no such file: \(path)"))
        }
        guard !isDirectory.boolValue else {
            throw MailValidationError(field: field, reason: .unreadableAttachment(detail: "is a directory: \(path)"))
        }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw MailValidationError(field: field, reason: .unreadableAttachment(detail: "\(path): \(error.localizedDescription)"))
        }
        self.mimeType = mimeType
        self.fileName = fileName ?? URL(fileURLWithPath: path).lastPathComponent
    }
}
