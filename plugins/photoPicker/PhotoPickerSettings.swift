import SwiftPluginSupport
import Foundation
import RxModalMedia
import MediaPluginSupport

/// A copy of a photo picker's configuration taken at presentation time.
/// Immutable; safe to send to the scanning thread.
struct PhotoPickerSettings: Sendable {
    let selectionLimit: Int
    let filter: PhotoFilter?
    let roots: [String]
    /// The way this presentation takes (never `.automatic`).
    let source: PhotoPickerSource
    /// The library may stand in for a file chooser the surface does not have.
    let fallsBackToLibrary: Bool

    init(_ config: PhotoPickerConfig) {
        selectionLimit = config.selectionLimit
        filter = config.filter
        roots = config.roots.resolved
        source = config.source.resolved()
        fallsBackToLibrary = config.source == .automatic
    }

    /// Scans, keeps the images and videos the filter accepts, newest first (then
    /// by path), and describes them as a choice.
    func content(progress: ScanProgress? = nil) -> PickerPresentation.Content {
        let scan = LibraryScanner(roots: roots, cacheFile: MediaLibraryRoots.cacheFile(forRoots: roots)).scan(progress: progress)
        let items = scan.records
            .filter { ($0.category == .image || $0.category == .video) && (filter?.matches($0) ?? true) }
            .sorted { a, b in a.creationDate != b.creationDate ? a.creationDate > b.creationDate : a.path < b.path }
        let choices: [PluginValue] = items.map { record in
            var subtitle = [Formatting.date(record.creationDate), Formatting.size(record.size)]
            if let width = record.pixelWidth, let height = record.pixelHeight { subtitle.append("\(width)×\(height)") }
            // Images are their own thumbnails; a surface that shows pictures reads them.
            return .members([("title", .string(record.fileName)), ("subtitle", .string(subtitle.joined(separator: " · "))),
                            ("detail", .string(record.contentType)),
                            ("thumbnail", record.category == .image ? .string(record.path) : nil)])
        }
        let spec = PluginValue.members([
            ("primitive", .string("choice")), ("title", .string("Photos")),
            ("prompt", scan.report.skippedSummary.map(PluginValue.string)),
            ("items", .array(choices)), ("multiple", .bool(selectionLimit != 1)),
            ("limit", .int(Int64(selectionLimit))),
        ])
        let report = scan.report.pluginValue
        return PickerPresentation.Content(spec: spec) { selection in
            let picked = (selection ?? []).compactMap { items.indices.contains($0) ? items[$0] : nil }
            return .object([("results", .array(picked.map(Self.resultValue))), ("scan", report),
                            ("source", .string(PhotoPickerSource.library.rawValue))])
        }
    }

    static func resultValue(_ record: MediaFileRecord) -> PluginValue {
        .members([
            ("assetIdentifier", .string(Formatting.assetIdentifier(path: record.path))),
            ("url", .string(Formatting.fileURL(record.path))), ("path", .string(record.path)),
            ("contentType", .string(record.contentType)),
            ("kind", .string(record.category.rawValue)), ("isScreenshot", .bool(PhotoFilter.isScreenshot(record))),
            ("pixelWidth", record.pixelWidth.map { .int(Int64($0)) }), ("pixelHeight", record.pixelHeight.map { .int(Int64($0)) }),
            ("creationDate", .string(Formatting.iso8601(record.creationDate))),
            ("creationDateSource", .string(record.creationDateSource)),
        ])
    }
}
