import Foundation

/// One picked photo or video (PHPickerResult, for files). A value; safe to share.
public struct PhotoPickerResult: Sendable, Equatable {
    public enum Kind: String, Sendable { case image, video }
    public enum CreationDateSource: String, Sendable {
        /// EXIF `DateTimeOriginal` (the camera's clock, which has no time zone: read as UTC).
        case exif
        /// The file's modification time.
        case fileTime
    }

    /// The same for the same file in every scan and process (derived from its path).
    public var assetIdentifier: String
    public var fileURL: URL
    /// The file's path, as the file system spells it (`fileURL` percent-encodes it).
    public var path: String
    /// The MIME type found from the content ("image/jpeg", "video/mp4", …).
    public var contentType: String
    public var kind: Kind
    public var isScreenshot: Bool
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var creationDate: Date
    public var creationDateSource: CreationDateSource

    init(_ value: ModalValue) throws {
        guard let identifier = value["assetIdentifier"]?.stringValue,
              let url = value["url"]?.stringValue.flatMap(URL.init(string:)),
              let contentType = value["contentType"]?.stringValue,
              let kind = value["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
              let date = value["creationDate"]?.stringValue.flatMap({ ISO8601DateFormatter().date(from: $0) }),
              let source = value["creationDateSource"]?.stringValue.flatMap(CreationDateSource.init(rawValue:)) else {
            throw ModalError.malformedValue("photoPicker: a result lacks a field: \(value.json)")
        }
        assetIdentifier = identifier
        fileURL = url
        // Plugins older than the "path" member gave the URL alone.
        path = value["path"]?.stringValue ?? url.path
        self.contentType = contentType
        self.kind = kind
        isScreenshot = value["isScreenshot"]?.boolValue ?? false
        pixelWidth = value["pixelWidth"]?.intValue.map { Int($0) }
        pixelHeight = value["pixelHeight"]?.intValue.map { Int($0) }
        creationDate = date
        creationDateSource = source
    }
}
