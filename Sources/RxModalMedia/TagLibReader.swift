import Foundation

/// Reads audio tags (ID3v2, Vorbis comments, MP4 atoms, …) with TagLib's C API,
/// `libtag_c.so`, opened at run time so that the package builds and the pickers
/// still run where TagLib is absent (``isAvailable`` is then false and
/// ``unavailableReason`` says why; callers fall back to the file name).
///
/// TagLib's C API keeps process-wide state: the Unicode setting, and by default
/// a list of every string it hands out, freed together by
/// `taglib_tag_free_strings` — a list no two threads may touch at once. Where
/// the library has `taglib_set_string_management_enabled` and `taglib_free`
/// (TagLib ≥ 1.11), the reader turns that list off once, at load, frees each
/// string itself, and reads files on several threads at once (each thread its
/// own `TagLib_File`; TagLib's own shared state is read-only or atomic).
/// Otherwise every read is made under one lock. (Turning the list off is
/// process-wide: another user of TagLib's C API in the same process that relied
/// on `taglib_tag_free_strings` would leak its strings.)
///
/// Thread safety: safe to use from any thread.
public final class TagLibReader: @unchecked Sendable {
    public static let shared = TagLibReader()

    private struct API {
        typealias FileNew = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias FileFree = @convention(c) (OpaquePointer?) -> Void
        typealias FileIsValid = @convention(c) (OpaquePointer?) -> Int32
        typealias FileTag = @convention(c) (OpaquePointer?) -> OpaquePointer?
        typealias FileAudioProperties = @convention(c) (OpaquePointer?) -> OpaquePointer?
        typealias TagString = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        typealias TagNumber = @convention(c) (OpaquePointer?) -> UInt32
        typealias PropertiesInt = @convention(c) (OpaquePointer?) -> Int32
        typealias FreeStrings = @convention(c) () -> Void
        typealias SetUnicode = @convention(c) (Int32) -> Void
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        typealias PropertyGet = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        typealias PropertyFree = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void

        let fileNew: FileNew, fileFree: FileFree, fileIsValid: FileIsValid, fileTag: FileTag
        let audioProperties: FileAudioProperties, length: PropertiesInt
        let title: TagString, artist: TagString, album: TagString, genre: TagString
        let track: TagNumber, freeStrings: FreeStrings
        /// Set when string management is off: each string is freed with it.
        let free: Free?
        /// TagLib 2's property interface, the only way to read the album artist
        /// from C; absent from TagLib 1.x.
        let propertyGet: PropertyGet?, propertyFree: PropertyFree?
    }

    private let api: API?
    private let lock = NSLock()
    /// The library file that was opened, when available.
    public let libraryName: String?
    /// Why TagLib is not used, when it is not.
    public let unavailableReason: String?

    public var isAvailable: Bool { api != nil }
    /// Whether files are read on several threads at once (see the type's documentation).
    public var readsConcurrently: Bool { api?.free != nil }

    /// Whether the album artist can be read (TagLib 2's C property interface).
    public var readsAlbumArtist: Bool { api?.propertyGet != nil }

    /// `disable` is for tests of the fallback.
    public init(disable: Bool = false) {
        var failure = "disabled"
        guard !disable, let library = DynamicLibrary.open(firstOf: ["libtag_c.so.2", "libtag_c.so.0", "libtag_c.so"], failure: &failure) else {
            api = nil
            libraryName = nil
            unavailableReason = "TagLib's C library (libtag_c) was not found: \(failure)"
            return
        }
        func need<T>(_ name: String, _ type: T.Type) -> T? { library.symbol(name, as: type) }
        guard let fileNew = need("taglib_file_new", API.FileNew.self),
              let fileFree = need("taglib_file_free", API.FileFree.self),
              let fileIsValid = need("taglib_file_is_valid", API.FileIsValid.self),
              let fileTag = need("taglib_file_tag", API.FileTag.self),
              let audioProperties = need("taglib_file_audioproperties", API.FileAudioProperties.self),
              let length = need("taglib_audioproperties_length", API.PropertiesInt.self),
              let title = need("taglib_tag_title", API.TagString.self),
              let artist = need("taglib_tag_artist", API.TagString.self),
              let album = need("taglib_tag_album", API.TagString.self),
              let genre = need("taglib_tag_genre", API.TagString.self),
              let track = need("taglib_tag_track", API.TagNumber.self),
              let freeStrings = need("taglib_tag_free_strings", API.FreeStrings.self) else {
            api = nil
            libraryName = nil
            unavailableReason = "\(library.name) lacks a function of TagLib's C API"
            return
        }
        need("taglib_set_strings_unicode", API.SetUnicode.self)?(1)
        var free: API.Free?
        if let manage = need("taglib_set_string_management_enabled", API.SetUnicode.self),
           let freeString = need("taglib_free", API.Free.self) {
            manage(0)
            free = freeString
        }
        api = API(fileNew: fileNew, fileFree: fileFree, fileIsValid: fileIsValid, fileTag: fileTag,
                  audioProperties: audioProperties, length: length, title: title, artist: artist, album: album,
                  genre: genre, track: track, freeStrings: freeStrings, free: free,
                  propertyGet: need("taglib_property_get", API.PropertyGet.self),
                  propertyFree: need("taglib_property_free", API.PropertyFree.self))
        libraryName = library.name
        unavailableReason = nil
    }

    /// The tags of the file at `path`; nil when TagLib is absent or cannot read
    /// the file (not audio it knows, or damaged).
    public func read(path: String) -> AudioTags? {
        guard let api else { return nil }
        let locked = api.free == nil
        if locked { lock.lock() }
        defer { if locked { lock.unlock() } }
        guard let file = api.fileNew(path) else { return nil }
        defer { api.fileFree(file) }
        guard api.fileIsValid(file) != 0 else { return nil }
        var tags = AudioTags()
        if let tag = api.fileTag(file) {
            func text(_ read: API.TagString) -> String? {
                guard let pointer = read(tag) else { return nil }
                let value = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
                api.free?(pointer)
                return value.isEmpty ? nil : value
            }
            tags.title = text(api.title)
            tags.artist = text(api.artist)
            tags.album = text(api.album)
            tags.genre = text(api.genre)
            let track = api.track(tag)
            tags.trackNumber = track == 0 ? nil : Int(track)
            if api.free == nil { api.freeStrings() }
        }
        if let properties = api.audioProperties(file) {
            let seconds = api.length(properties)
            tags.duration = seconds > 0 ? Double(seconds) : nil
        }
        if let get = api.propertyGet, let free = api.propertyFree, let values = get(file, "ALBUMARTIST") {
            if let first = values[0] { tags.albumArtist = String(cString: first) }
            free(values)
        }
        return tags
    }
}

/// The tags of one audio file, as TagLib read them. Empty tags are nil.
/// A value; safe to share between threads.
public struct AudioTags: Equatable, Sendable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var genre: String?
    public var trackNumber: Int?
    /// Seconds (whole seconds: TagLib 1's C API reports no finer).
    public var duration: Double?

    public init() {}
}
