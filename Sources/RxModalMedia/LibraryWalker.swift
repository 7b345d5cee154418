import Glibc

/// Walks the folders of a library with `opendir`/`readdir`, following symbolic
/// links, and lists its regular files with their size and modification time.
/// Hidden entries (names starting with ".") are skipped silently; symbolic link
/// loops, dangling links, unreadable folders and non-UTF-8 names are skipped and
/// counted in the ``ScanReport``. A folder reached twice (through two links) is
/// walked once.
///
/// Thread safety: a value used by one thread at a time.
struct LibraryWalker {
    struct Candidate {
        let path: String
        let size: Int64
        let modificationTime: Int64
    }

    private struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private struct PendingFolder {
        let path: String
        let ancestors: [FolderID]
    }

    // dirent.h's d_type values.
    private static let typeUnknown: UInt8 = 0, typeDirectory: UInt8 = 4, typeRegular: UInt8 = 8, typeLink: UInt8 = 10

    /// With `progress`, counts the files found as it goes and stops early
    /// (returning what it found so far) once the progress is cancelled.
    static func walk(roots: [String], report: inout ScanReport, progress: ScanProgress? = nil) -> [Candidate] {
        var candidates: [Candidate] = []
        var unreported = 0
        defer { if unreported > 0 { progress?.walked(unreported) } }
        var visited: Set<FolderID> = []
        var seenPaths: Set<String> = []
        var pending: [PendingFolder] = []
        for root in roots.reversed() {
            var status = stat()
            if stat(root, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR {
                report.missingRoots.append(root)
                continue
            }
            pending.append(PendingFolder(path: root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root, ancestors: []))
        }
        report.missingRoots.reverse()

        while let folder = pending.popLast() {
            if progress?.isCancelled == true { return candidates }
            guard let directory = opendir(folder.path) else {
                report.unreadableFolders += 1
                continue
            }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var folderStatus = stat()
            guard fstat(descriptor, &folderStatus) == 0 else {
                report.unreadableFolders += 1
                continue
            }
            let id = FolderID(device: UInt64(folderStatus.st_dev), inode: UInt64(folderStatus.st_ino))
            guard visited.insert(id).inserted else { continue }
            let ancestors = folder.ancestors + [id]
            var subfolders: [PendingFolder] = []
            errno = 0
            while let entry = readdir(directory) {
                let type = entry.pointee.d_type
                let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: 256) { characters -> String? in
                        if characters[0] == 0x2E { return "." }   // hidden, "." and "..": skipped below
                        return String(validatingCString: characters)
                    }
                }
                guard let name else {
                    report.nonUTF8Names += 1
                    continue
                }
                if name.hasPrefix(".") { continue }
                let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
                var status = stat()
                var isLink = type == Self.typeLink
                if type == Self.typeRegular || type == Self.typeDirectory {
                    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                        report.unreadableFiles += 1
                        continue
                    }
                } else if type == Self.typeLink || type == Self.typeUnknown {
                    var linkStatus = stat()
                    if type == Self.typeUnknown, fstatat(descriptor, name, &linkStatus, AT_SYMLINK_NOFOLLOW) == 0 {
                        isLink = (linkStatus.st_mode & S_IFMT) == S_IFLNK
                    }
                    if stat(path, &status) != 0 {
                        switch errno {
                        case ELOOP: report.symlinkLoops += 1
                        case ENOENT, ENOTDIR: report.danglingSymlinks += 1
                        default: report.unreadableFiles += 1
                        }
                        continue
                    }
                } else {
                    continue   // sockets, pipes, devices
                }
                let kind = status.st_mode & S_IFMT
                if kind == S_IFDIR {
                    let child = FolderID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                    if isLink && ancestors.contains(child) {
                        report.symlinkLoops += 1
                        continue
                    }
                    if visited.contains(child) { continue }
                    subfolders.append(PendingFolder(path: path, ancestors: ancestors))
                } else if kind == S_IFREG {
                    guard seenPaths.insert(path).inserted else { continue }
                    let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
                    candidates.append(Candidate(path: path, size: Int64(status.st_size), modificationTime: modified))
                    unreported += 1
                    if unreported == 256, let progress {
                        progress.walked(unreported)
                        unreported = 0
                        if progress.isCancelled { return candidates }
                    }
                }
            }
            // Depth first, in name order, so that the walk is deterministic.
            subfolders.sort { $0.path > $1.path }
            pending.append(contentsOf: subfolders)
        }
        return candidates
    }
}
