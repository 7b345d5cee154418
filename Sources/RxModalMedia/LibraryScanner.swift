import Foundation
import Glibc

/// Scans the folders of a library: walks them (``LibraryWalker``), takes the
/// files whose path, size and modification time match the scan cache from it,
/// and reads the others — content type from the content (``ContentTypeDetector``),
/// tags (``TagLibReader``) for audio, pixel size and EXIF date
/// (``ImageMetadataReader``) for JPEG and PNG — on all cores, then writes the
/// cache back if anything changed.
///
/// Thread safety: immutable; `scan()` may run on several threads at once, for
/// different cache files.
public struct LibraryScanner: Sendable {
    public let roots: [String]
    /// The cache file; nil scans without a cache.
    public let cacheFile: String?
    public let contentTypes: ContentTypeDetector
    public let tags: TagLibReader

    public init(roots: [String], cacheFile: String?, contentTypes: ContentTypeDetector = .shared, tags: TagLibReader = .shared) {
        self.roots = roots
        self.cacheFile = cacheFile
        self.contentTypes = contentTypes
        self.tags = tags
    }

    /// How the cache was used and what was skipped, with the readable media
    /// files found (in walk order: folders depth first, by name).
    public struct Result: Sendable {
        public var records: [MediaFileRecord]
        public var report: ScanReport
    }

    /// The file name extensions of the media the pickers offer: a file with one
    /// of them whose content is not recognized is counted as broken.
    static let mediaExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "m4b", "aac", "wav",
        "jpg", "jpeg", "png", "gif", "webp", "heic", "mp4", "m4v", "mov", "mkv", "webm", "avi",
    ]

    /// Scans the roots. With `progress`, reports how far it has got and stops
    /// once the progress is cancelled: then the result has no records, its
    /// report says `cancelled`, and the cache is left as it was.
    public func scan(progress: ScanProgress? = nil) -> Result {
        var report = ScanReport()
        // The cache is read on another core while this one walks the folders:
        // on a warm scan they are the two halves of the work.
        let cache = CacheLoad(cacheFile)
        let candidates = LibraryWalker.walk(roots: roots, report: &report, progress: progress)
        let cached = cache.wait()
        func cancelled() -> Result {
            report.cancelled = true
            report.filesSeen = candidates.count
            report.filesRead = progress?.snapshot.filesRead ?? 0   // read before the stop, not to be read
            return Result(records: [], report: report)
        }
        if progress?.isCancelled == true { return cancelled() }

        var records = [MediaFileRecord?](repeating: nil, count: candidates.count)
        var toRead: [Int] = []
        for (index, candidate) in candidates.enumerated() {
            if let hit = cached[candidate.path], hit.size == candidate.size, hit.modificationTime == candidate.modificationTime {
                records[index] = hit
            } else {
                toRead.append(index)
            }
        }
        report.filesSeen = candidates.count
        report.filesFromCache = candidates.count - toRead.count
        report.filesRead = toRead.count
        progress?.willRead(toRead.count)

        let unreadable = readAll(toRead, of: candidates, into: &records, progress: progress)
        report.unreadableFiles += unreadable
        if progress?.isCancelled == true { return cancelled() }

        let known = records.compactMap { $0 }
        report.brokenFiles = known.filter { !$0.isReadable }.count
        if let cacheFile, !toRead.isEmpty || cached.count != known.count {
            do {
                try ScanCache.save(known, to: cacheFile)
            } catch {
                report.cacheProblem = "cannot write the scan cache: \(error)"
            }
        }
        return Result(records: known.filter { $0.isReadable && $0.category != .other }, report: report)
    }

    /// Reads the files at `indices` on all cores; returns how many could not be opened.
    private func readAll(_ indices: [Int], of candidates: [LibraryWalker.Candidate], into records: inout [MediaFileRecord?],
                         progress: ScanProgress?) -> Int {
        guard !indices.isEmpty else { return 0 }
        let work = WorkCounter()
        let batch = 32
        records.withUnsafeMutableBufferPointer { output in
            nonisolated(unsafe) let output = output
            DispatchQueue.concurrentPerform(iterations: max(1, min(ProcessInfo.processInfo.activeProcessorCount, indices.count / batch + 1))) { _ in
                var buffer = [UInt8](repeating: 0, count: 8192)
                while true {
                    let start = work.take(batch)
                    guard start < indices.count, progress?.isCancelled != true else { return }
                    defer { progress?.read(min(start + batch, indices.count) - start) }
                    for position in start..<min(start + batch, indices.count) {
                        let index = indices[position]
                        if let record = read(candidates[index], buffer: &buffer) {
                            output[index] = record   // each index is written by one thread only
                        } else {
                            work.countUnreadable()
                        }
                    }
                }
            }
        }
        return work.unreadable
    }

    /// The record of one file named outside a scan (a file chooser's answer),
    /// read as a scan reads it; nil unless it is a regular file (links
    /// followed) that can be opened.
    public func record(ofFile path: String) -> MediaFileRecord? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        var buffer = [UInt8](repeating: 0, count: 8192)
        return read(LibraryWalker.Candidate(path: path, size: Int64(status.st_size), modificationTime: modified), buffer: &buffer)
    }

    /// The record of one file, or nil if it cannot be opened.
    func read(_ candidate: LibraryWalker.Candidate, buffer: inout [UInt8]) -> MediaFileRecord? {
        let descriptor = open(candidate.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return nil }
        var record = MediaFileRecord(path: candidate.path, size: candidate.size,
                                     modificationTime: candidate.modificationTime, contentType: "application/octet-stream")
        let fileName = record.fileName
        record.contentType = buffer.withUnsafeBytes { contentTypes.contentType(head: UnsafeRawBufferPointer(rebasing: $0[0..<count]), fileName: fileName) }
        let claimsMedia = Self.mediaExtensions.contains(fileName.split(separator: ".").last.map { $0.lowercased() } ?? "")
        switch record.category {
        case .audio:
            if tags.isAvailable {
                record.tags = tags.read(path: candidate.path)
                record.isReadable = record.tags != nil
                if record.tags != nil, record.tags?.albumArtist == nil, !tags.readsAlbumArtist {
                    record.tags?.albumArtist = AlbumArtistReader.read(path: candidate.path, contentType: record.contentType)
                }
            }
        case .image where record.contentType == "image/jpeg" || record.contentType == "image/png":
            var head = Array(buffer[0..<count])
            if count == buffer.count, candidate.size > Int64(count) {
                let wanted = Int(min(candidate.size, 256 * 1024))
                head = [UInt8](repeating: 0, count: wanted)
                let got = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, 0) }
                head = Array(head[0..<max(0, got)])
            }
            if let metadata = ImageMetadataReader.read(head, contentType: record.contentType) {
                record.pixelWidth = metadata.pixelWidth
                record.pixelHeight = metadata.pixelHeight
                record.exifDateTimeOriginal = metadata.exifDateTimeOriginal.flatMap(ExifDate.parse)
                record.software = metadata.software
            } else {
                record.isReadable = false
            }
        case .image, .video:
            break
        case .other:
            record.isReadable = !claimsMedia
        }
        return record
    }
}

/// The shared position of the reading threads in the list of files to read,
/// and how many could not be opened. Guarded by its lock; any thread.
/// The scan cache, read on a background thread; `wait()` hands it over.
private final class CacheLoad: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once by the loading thread, read after `done` (which orders the two).
    private var records: [String: MediaFileRecord] = [:]

    init(_ file: String?) {
        guard let file else { return }
        DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in records = ScanCache.load(from: file) }
    }

    func wait() -> [String: MediaFileRecord] {
        done.wait()
        return records
    }
}

private final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var unreadableCount = 0

    /// The start of the next `count` indices to read.
    func take(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let start = next
        next += count
        return start
    }

    func countUnreadable() {
        lock.lock()
        unreadableCount += 1
        lock.unlock()
    }

    var unreadable: Int {
        lock.lock()
        defer { lock.unlock() }
        return unreadableCount
    }
}
