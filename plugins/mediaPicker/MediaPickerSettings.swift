import SwiftPluginSupport
import Foundation
import RxModalMedia
import MediaPluginSupport

/// A copy of a media picker's configuration taken at presentation time, so
/// that the background scan never touches the host-owned configuration.
/// Immutable; safe to send to the scanning thread.
struct MediaPickerSettings: Sendable {
    let mediaTypes: Set<MediaTypeClassifier.MediaType>
    let allowsPickingMultipleItems: Bool
    let prompt: String?
    let roots: [String]

    init(_ config: MediaPickerConfig) {
        mediaTypes = config.mediaTypes
        allowsPickingMultipleItems = config.allowsPickingMultipleItems
        prompt = config.prompt
        roots = config.roots.resolved
    }

    /// Scans, keeps the audio files of the chosen media types, sorted by title
    /// (then artist, then path), and describes them as a choice.
    func content(progress: ScanProgress? = nil) -> PickerPresentation.Content {
        let scan = LibraryScanner(roots: roots, cacheFile: MediaLibraryRoots.cacheFile(forRoots: roots)).scan(progress: progress)
        // Sort keys made once: Foundation's localized comparison costs microseconds
        // per call, which dominated opening a large library with a warm cache.
        let items = scan.records
            .filter { $0.category == .audio && mediaTypes.contains(MediaTypeClassifier.mediaType(of: $0)) }
            .map { (key: ($0.title.lowercased(), $0.tags?.artist?.lowercased() ?? "", $0.path), record: $0) }
            .sorted { $0.key < $1.key }
            .map(\.record)
        let choices: [PluginValue] = items.map { record in
            let subtitle = [record.tags?.artist, record.tags?.album].compactMap { $0 }.joined(separator: " — ")
            let detail = [record.tags?.duration.map(Formatting.duration), record.fileName].compactMap { $0 }.joined(separator: " · ")
            return .members([("title", .string(record.title)), ("subtitle", subtitle.isEmpty ? nil : .string(subtitle)),
                             ("detail", .string(detail))])
        }
        let prompt = [self.prompt, scan.report.skippedSummary].compactMap { $0 }.joined(separator: "\n")
        let spec = PluginValue.members([
            ("primitive", .string("choice")), ("title", .string("Media")),
            ("prompt", prompt.isEmpty ? nil : .string(prompt)),
            ("items", .array(choices)), ("multiple", .bool(allowsPickingMultipleItems)),
        ])
        let report = scan.report.pluginValue
        return PickerPresentation.Content(spec: spec) { selection in
            let picked = (selection ?? []).compactMap { items.indices.contains($0) ? items[$0] : nil }
            return .object([("items", .array(picked.map(Self.itemValue))), ("scan", report)])
        }
    }

    static func itemValue(_ record: MediaFileRecord) -> PluginValue {
        let tags = record.tags
        return .members([
            ("title", .string(record.title)), ("artist", tags?.artist.map(PluginValue.string)),
            ("album", tags?.album.map(PluginValue.string)), ("albumArtist", tags?.albumArtist.map(PluginValue.string)),
            ("trackNumber", tags?.trackNumber.map { .int(Int64($0)) }), ("genre", tags?.genre.map(PluginValue.string)),
            ("duration", tags?.duration.map(PluginValue.double)), ("url", .string(Formatting.fileURL(record.path))),
            ("path", .string(record.path)),
            ("mediaType", .string(MediaTypeClassifier.mediaType(of: record).rawValue)),
            ("contentType", .string(record.contentType)),
            ("titleSource", .string(tags?.title == nil ? "fileName" : "tags")),
        ])
    }
}
