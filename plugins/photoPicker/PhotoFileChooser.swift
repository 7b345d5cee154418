import SwiftPluginSupport
import RxModalMedia
import MediaPluginSupport

/// The photo picker through the desktop's file chooser: the "files" spec for a
/// picker's settings, and the picker's result for the files chosen, each read
/// as a library scan reads it (content type from the content, pixel size and
/// date from the image).
///
/// The chooser offers the filter as MIME types and "one or several", not the
/// exact filter or the limit, so the answer is checked against both: files that
/// are no image or video, that the filter refuses, that cannot be read, or that
/// come after the limit are left out of "results" and listed in "skipped".
///
/// Immutable; any thread.
struct PhotoFileChooser: Sendable {
    let settings: PhotoPickerSettings

    var spec: PluginValue {
        .members([
            ("primitive", .string("files")), ("title", .string("Photos")),
            ("multiple", .bool(settings.selectionLimit != 1)),
            ("mimeTypes", .array(Self.mimeTypes(for: settings.filter).map { .string($0) })),
            ("filterName", .string("Photos and videos")), ("acceptLabel", .string("Add")),
        ])
    }

    /// The modal's result for the chooser's answer (nil or cancelled: none picked).
    func result(for answer: PluginValue?) -> PluginValue {
        var paths: [String] = []
        if case .array(let given)? = answer?["paths"] {
            paths = given.compactMap { if case .string(let path) = $0 { return path } else { return nil } }
        }
        let scanner = LibraryScanner(roots: [], cacheFile: nil)
        var picked: [MediaFileRecord] = []
        var skipped: [String] = []
        var report = ScanReport()
        report.cancelled = answer == nil || answer?["cancelled"] != nil
        for path in paths {
            report.filesSeen += 1
            guard let record = scanner.record(ofFile: path) else {
                report.unreadableFiles += 1
                skipped.append(path)
                continue
            }
            report.filesRead += 1
            if !record.isReadable { report.brokenFiles += 1 }
            let wanted = record.isReadable && (record.category == .image || record.category == .video)
                && (settings.filter?.matches(record) ?? true)
                && (settings.selectionLimit == 0 || picked.count < settings.selectionLimit)
            if wanted { picked.append(record) } else { skipped.append(path) }
        }
        return .members([
            ("results", .array(picked.map(PhotoPickerSettings.resultValue))), ("scan", report.pluginValue),
            ("source", .string(PhotoPickerSource.fileChooser.rawValue)), ("skipped", .array(skipped.map { .string($0) })),
        ])
    }

    /// The MIME types a chooser offers for a filter: images, videos, or both.
    static func mimeTypes(for filter: PhotoFilter?) -> [String] {
        func categories(_ filter: PhotoFilter?) -> Set<String> {
            switch filter {
            case nil, .not?: return ["image/*", "video/*"]   // a negation may keep either
            case .images?, .screenshots?: return ["image/*"]
            case .videos?: return ["video/*"]
            case .any(let filters)?: return filters.reduce(into: Set<String>()) { $0.formUnion(categories($1)) }
            case .all(let filters)?: return filters.reduce(categories(nil)) { $0.intersection(categories($1)) }
            }
        }
        return categories(filter).sorted()
    }
}
