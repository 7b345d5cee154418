import SwiftPluginSupport
import Foundation
import RxModalMedia

/// The roots a picker scans: the user's XDG folder for its library (unless
/// `setLibraryRoots` replaced it) plus the roots added by configuration.
/// A value; the configuration that holds it is used by one thread at a time.
public struct LibraryRoots: Sendable {
    public var defaults: [String]?
    public var extra: [String] = []
    let library: MediaLibraryRoots.Library

    public init(library: MediaLibraryRoots.Library) { self.library = library }

    /// Resolved now (the XDG folder is read at presentation time, not at configuration time).
    public var resolved: [String] {
        (defaults ?? [MediaLibraryRoots.folder(of: library)]) + extra
    }

    /// Validates a root given by configuration: absolute, not empty.
    public static func check(_ root: String) -> String? {
        root.hasPrefix("/") ? nil : "a library root must be an absolute path, got “\(root)”"
    }
}

extension ScanReport {
    /// The report as the "scan" member of a picker's result.
    public var pluginValue: PluginValue {
        .members([("cancelled", cancelled ? .bool(true) : nil),
            ("filesSeen", .int(Int64(filesSeen))), ("filesRead", .int(Int64(filesRead))),
            ("filesFromCache", .int(Int64(filesFromCache))), ("symlinkLoops", .int(Int64(symlinkLoops))),
            ("danglingSymlinks", .int(Int64(danglingSymlinks))), ("unreadableFolders", .int(Int64(unreadableFolders))),
            ("unreadableFiles", .int(Int64(unreadableFiles))), ("brokenFiles", .int(Int64(brokenFiles))),
            ("nonUTF8Names", .int(Int64(nonUTF8Names))), ("missingRoots", .array(missingRoots.map { .string($0) })),
        ])
    }

    /// A line for the choice's prompt when something was skipped, else nil.
    public var skippedSummary: String? {
        let parts = [(symlinkLoops, "symbolic link loop"), (danglingSymlinks, "broken link"),
                     (unreadableFolders, "unreadable folder"), (unreadableFiles, "unreadable file"),
                     (brokenFiles, "damaged file"), (nonUTF8Names, "non-UTF-8 name")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return parts.isEmpty ? nil : "Skipped: " + parts.joined(separator: ", ")
    }
}
