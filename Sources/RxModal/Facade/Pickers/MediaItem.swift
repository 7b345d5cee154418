import Foundation

/// One picked audio file, with what its tags say (MPMediaItem, for files).
/// A value; safe to share between threads.
public struct MediaItem: Sendable, Equatable {
    public enum MediaType: String, Sendable { case music, podcast, audioBook }

    /// The tag's title, or the file name without extension when the file has
    /// no title tag or TagLib is absent (see ``titleIsFromTags``).
    public var title: String
    public var titleIsFromTags: Bool
    public var artist: String?
    public var album: String?
    /// From TagLib 2, or read by the plugin from ID3v2 `TPE2` and Vorbis
    /// comments (MP3, FLAC, Ogg); absent for MP4 files with TagLib 1.
    public var albumArtist: String?
    public var trackNumber: Int?
    public var genre: String?
    /// Seconds.
    public var duration: TimeInterval?
    public var fileURL: URL
    /// The file's path, as the file system spells it (`fileURL` percent-encodes it).
    public var path: String
    public var mediaType: MediaType
    /// The MIME type found from the content ("audio/mpeg", "audio/flac", …).
    public var contentType: String

    init(_ value: ModalValue) throws {
        guard let title = value["title"]?.stringValue, let url = value["url"]?.stringValue.flatMap(URL.init(string:)),
              let mediaType = value["mediaType"]?.stringValue.flatMap(MediaType.init(rawValue:)),
              let contentType = value["contentType"]?.stringValue else {
            throw ModalError.malformedValue("mediaPicker: an item lacks title, url, mediaType or contentType: \(value.json)")
        }
        self.title = title
        titleIsFromTags = value["titleSource"]?.stringValue == "tags"
        artist = value["artist"]?.stringValue
        album = value["album"]?.stringValue
        albumArtist = value["albumArtist"]?.stringValue
        trackNumber = value["trackNumber"]?.intValue.map { Int($0) }
        genre = value["genre"]?.stringValue
        duration = value["duration"]?.doubleValue
        fileURL = url
        // Plugins older than the "path" member gave the URL alone.
        path = value["path"]?.stringValue ?? url.path
        self.mediaType = mediaType
        self.contentType = contentType
    }
}

/// What a media picker emits: the items picked, in the order picked; empty
/// when the user cancelled (as MPMediaItemCollection in the seed).
/// A value; safe to share between threads.
public struct MediaItemCollection: Sendable, Equatable {
    public var items: [MediaItem]
    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }

    public init(items: [MediaItem]) { self.items = items }

    init(_ value: ModalValue) throws {
        guard let items = value["items"]?.arrayValue else {
            throw ModalError.malformedValue("mediaPicker: the result has no items: \(value.json)")
        }
        self.items = try items.map(MediaItem.init)
    }
}
