/// PHPickerFilter for files: images, videos and screenshots, combined with
/// `any(of:)`, `all(of:)` and `not(_:)`.
///
/// Value form (what the photo picker's `setFilter` takes): `"images"`,
/// `"videos"`, `"screenshots"`, `{"any": [f…]}`, `{"all": [f…]}`, `{"not": f}`.
///
/// A screenshot is a PNG whose "Software" text names a screenshot tool, or an
/// image whose name starts with "Screenshot" or that lies under a folder named
/// Screenshots (where GNOME, KDE and most tools put them). Screenshots are
/// images too, as on iOS.
///
/// Immutable value; safe to share between threads.
public indirect enum PhotoFilter: Equatable, Sendable {
    case images
    case videos
    case screenshots
    case any([PhotoFilter])
    case all([PhotoFilter])
    case not(PhotoFilter)

    public func matches(_ record: MediaFileRecord) -> Bool {
        switch self {
        case .images: return record.category == .image
        case .videos: return record.category == .video
        case .screenshots: return Self.isScreenshot(record)
        case .any(let filters): return filters.contains { $0.matches(record) }
        case .all(let filters): return filters.allSatisfy { $0.matches(record) }
        case .not(let filter): return !filter.matches(record)
        }
    }

    public static func isScreenshot(_ record: MediaFileRecord) -> Bool {
        guard record.category == .image else { return false }
        let software = (record.software ?? "").lowercased()
        if ["screenshot", "spectacle", "flameshot", "ksnip", "shutter", "grim"].contains(where: software.contains) { return true }
        if record.fileName.lowercased().hasPrefix("screenshot") { return true }
        return record.path.split(separator: "/").dropLast().contains { $0.lowercased() == "screenshots" }
    }
}
