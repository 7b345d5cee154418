/// What a photo picker offers (PHPickerFilter, for files): images, videos,
/// screenshots, and combinations. A value; safe to share between threads.
public indirect enum PhotoPickerFilter: Sendable, Equatable {
    case images
    case videos
    /// Images made by a screenshot tool (by its PNG "Software" text, a name
    /// starting with "Screenshot", or a Screenshots folder).
    case screenshots
    case any(of: [PhotoPickerFilter])
    case all(of: [PhotoPickerFilter])
    case not(PhotoPickerFilter)

    var value: ModalValue {
        switch self {
        case .images: return "images"
        case .videos: return "videos"
        case .screenshots: return "screenshots"
        case .any(let filters): return ["any": .array(filters.map(\.value))]
        case .all(let filters): return ["all": .array(filters.map(\.value))]
        case .not(let filter): return ["not": filter.value]
        }
    }
}

/// How a photo picker is set up (PHPickerConfiguration), handed to the
/// `photoPicker` plugin's configuration methods. A value; safe to share.
public struct PhotoPickerConfiguration: Sendable, Equatable {
    public enum AssetRepresentationMode: String, Sendable {
        case automatic, current, compatible
    }

    /// How many items may be picked: 0 for no limit; default 1.
    public var selectionLimit = 1
    /// nil: everything (images and videos).
    public var filter: PhotoPickerFilter?
    /// Kept for compatibility with PHPickerConfiguration: every mode gives the
    /// original file, since nothing is transcoded on Linux.
    public var preferredAssetRepresentationMode: AssetRepresentationMode = .automatic
    /// Folders that replace the default root (XDG_PICTURES_DIR, else ~/Pictures); nil keeps it.
    public var libraryRoots: [String]?
    /// Folders scanned as well.
    public var additionalLibraryRoots: [String] = []

    public init(selectionLimit: Int = 1, filter: PhotoPickerFilter? = nil) {
        self.selectionLimit = selectionLimit
        self.filter = filter
    }

    func apply(to configurator: ModalConfigurator) throws {
        try configurator.call("setSelectionLimit", .int(Int64(selectionLimit)))
        if let filter { try configurator.call("setFilter", filter.value) }
        try configurator.call("setPreferredAssetRepresentationMode", .string(preferredAssetRepresentationMode.rawValue))
        if let libraryRoots { try configurator.call("setLibraryRoots", .array(libraryRoots.map(ModalValue.string))) }
        for root in additionalLibraryRoots { try configurator.call("addLibraryRoot", .string(root)) }
    }
}
