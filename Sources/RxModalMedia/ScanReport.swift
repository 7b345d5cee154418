/// What one scan did and what it skipped. Nothing it skips is fatal: each kind
/// of trouble is counted, and the rest of the library is still scanned.
/// Value type; safe to share between threads.
public struct ScanReport: Equatable, Sendable {
    /// Regular files considered (not hidden, valid names).
    public var filesSeen = 0
    /// Of those, how many were opened and read (not in the cache, or changed).
    public var filesRead = 0
    /// Of those, how many came from the cache unchanged.
    public var filesFromCache = 0
    /// Symbolic links that lead back into a folder being walked, or that the
    /// kernel refuses to resolve (ELOOP).
    public var symlinkLoops = 0
    /// Symbolic links whose target does not exist.
    public var danglingSymlinks = 0
    /// Folders that could not be opened (permissions, I/O errors).
    public var unreadableFolders = 0
    /// Files that could not be opened.
    public var unreadableFiles = 0
    /// Files that claim to be media but could not be read as such.
    public var brokenFiles = 0
    /// Entries whose name is not valid UTF-8.
    public var nonUTF8Names = 0
    /// Roots that do not exist or are not folders.
    public var missingRoots: [String] = []
    /// Why the cache could not be read or written, if it could not (the scan
    /// still succeeds, reading every file).
    public var cacheProblem: String?
    /// The scan was stopped (``ScanProgress/cancel()``) before it ended: no
    /// records were returned and the counts are of what was done until then.
    public var cancelled = false

    public init() {}
}
