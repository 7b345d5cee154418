/// What the scanner knows about one file of a library: its cache key (path,
/// size, modification time), its content type and the metadata read from it.
/// Immutable value; safe to share between threads.
public struct MediaFileRecord: Equatable, Sendable {
    public var path: String
    public var size: Int64
    /// Modification time in nanoseconds since the epoch (the cache key's third part).
    public var modificationTime: Int64
    /// The MIME type found from the content ("audio/mpeg", "image/jpeg", …).
    public var contentType: String
    /// False for a file that claims to be media (by its type or its name) but
    /// could not be read as such: a corrupt file. The pickers do not offer it.
    public var isReadable: Bool
    /// Tags read by TagLib; nil for files that are not audio, or when TagLib is
    /// absent (``MediaFileRecord/title`` then falls back to the file name).
    public var tags: AudioTags?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF `DateTimeOriginal` in seconds, the camera's wall clock read as UTC.
    public var exifDateTimeOriginal: Double?
    /// PNG "Software" text, used to recognize screenshots.
    public var software: String?

    public init(path: String, size: Int64, modificationTime: Int64, contentType: String, isReadable: Bool = true,
                tags: AudioTags? = nil, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
                exifDateTimeOriginal: Double? = nil, software: String? = nil) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.contentType = contentType
        self.isReadable = isReadable
        self.tags = tags
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.exifDateTimeOriginal = exifDateTimeOriginal
        self.software = software
    }

    public enum Category: String, Sendable { case audio, image, video, other }

    public var category: Category {
        if contentType.hasPrefix("audio/") { return .audio }
        if contentType.hasPrefix("image/") { return .image }
        if contentType.hasPrefix("video/") { return .video }
        return .other
    }

    public var fileName: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The file name without its extension.
    public var baseName: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The tag's title, else the file name without its extension.
    public var title: String { tags?.title ?? baseName }

    /// When the photo was taken: EXIF `DateTimeOriginal` when present, else the
    /// file's modification time; in seconds since the epoch.
    public var creationDate: Double { exifDateTimeOriginal ?? Double(modificationTime) / 1e9 }
    public var creationDateSource: String { exifDateTimeOriginal == nil ? "fileTime" : "exif" }
}
