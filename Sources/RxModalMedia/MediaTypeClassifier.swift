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
        let path = record.path.lowercased()
        if path.hasSuffix(".m4b") || genre == "audiobook" || genre == "audiobooks" || path.contains("/audiobooks/") {
            return .audioBook
        }
        if genre == "podcast" || genre == "podcasts" || path.contains("/podcasts/") { return .podcast }
        return .music
    }
}
