/// How a media picker is set up (MPMediaPickerController's settings), handed to
/// the `mediaPicker` plugin's configuration methods. A value; safe to share.
public struct MediaPickerConfiguration: Sendable, Equatable {
    /// The kinds of audio a media picker offers (MPMediaType, for files).
    public struct MediaTypes: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let music = MediaTypes(rawValue: 1)
        public static let podcast = MediaTypes(rawValue: 2)
        public static let audioBook = MediaTypes(rawValue: 4)
        public static let any: MediaTypes = [.music, .podcast, .audioBook]

        var names: [String] {
            [(MediaTypes.music, "music"), (.podcast, "podcast"), (.audioBook, "audioBook")]
                .filter { contains($0.0) }.map(\.1)
        }
    }

    public var mediaTypes: MediaTypes = .any
    public var allowsPickingMultipleItems = false
    /// The text shown above the list.
    public var prompt: String?
    /// The application the authorization is asked and kept for; nil: the process name.
    public var applicationIdentifier: String?
    /// Folders that replace the default root (XDG_MUSIC_DIR, else ~/Music); nil keeps it.
    public var libraryRoots: [String]?
    /// Folders scanned as well.
    public var additionalLibraryRoots: [String] = []

    public init(mediaTypes: MediaTypes = .any, allowsPickingMultipleItems: Bool = false, prompt: String? = nil) {
        self.mediaTypes = mediaTypes
        self.allowsPickingMultipleItems = allowsPickingMultipleItems
        self.prompt = prompt
    }

    /// Calls the plugin's methods for this configuration.
    func apply(to configurator: ModalConfigurator) throws {
        try configurator.call("setMediaTypes", .array(mediaTypes.names.map(ModalValue.string)))
        try configurator.call("setAllowsPickingMultipleItems", .bool(allowsPickingMultipleItems))
        if let prompt { try configurator.call("setPrompt", .string(prompt)) }
        if let applicationIdentifier { try configurator.call("setApplicationIdentifier", .string(applicationIdentifier)) }
        if let libraryRoots { try configurator.call("setLibraryRoots", .array(libraryRoots.map(ModalValue.string))) }
        for root in additionalLibraryRoots { try configurator.call("addLibraryRoot", .string(root)) }
    }
}
