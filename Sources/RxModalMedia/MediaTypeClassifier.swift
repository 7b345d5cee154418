/// Sorts audio files into the media picker's media types, from their tags and
/// place, as Linux has no media database to ask: an audiobook is an `.m4b` file,
/// a file whose genre is "Audiobook"/"Audio book", or one under a folder named
/// Audiobooks; a podcast has the genre "Podcast" or lies under a folder named
/// Podcasts; anything else is music.
///
/// Thread safety: stateless; use from any thread.
public enum MediaTypeClassifier {
    public enum MediaType: String, Sendable, CaseIterable {
        case music, podcast, audioBook
    }

    public static func mediaType(of record: MediaFileRecord) -> MediaType {
        let genre = (record.tags?.genre ?? "").lowercased().filter { $0 != " " }
        let path = Array(record.path.lowercased().utf8)
        if (path.count >= 4 && path.suffix(4).elementsEqual(".m4b".utf8)) || genre == "audiobook" || genre == "audiobooks"
            || contains(path, "/audiobooks/") {
            return .audioBook
        }
        if genre == "podcast" || genre == "podcasts" || contains(path, "/podcasts/") { return .podcast }
        return .music
    }

    /// A plain byte search: Foundation's `contains` on String goes through
    /// NSString on Linux and cost more than the rest of a warm scan.
    private static func contains(_ haystack: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard haystack.count >= pattern.count else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if haystack[start..<start + pattern.count].elementsEqual(pattern) { return true }
        }
        return false
    }
}
