import Foundation
import PrivateFiles
import Glibc

/// The scan cache: one record per file, keyed by path, size and modification
/// time (as GStreamer's registry cache keys plugins), in a tab-separated text
/// file, so that a second scan reads only the files that changed.
///
/// Format: a first line `rxmodal-media-scan-cache 1`, then one line per file
/// with the fields of ``MediaFileRecord`` in a fixed order; tabs, newlines and
/// backslashes inside fields are escaped as `\t`, `\n`, `\\`; absent values are
/// empty. A file with another first line, or a line with the wrong number of
/// fields, is ignored as a whole or line by line (the files are then read
/// again): the cache can only cost time, never give wrong answers for a file
/// whose size or time changed.
///
/// It lists every file of the user's libraries, so it is private: written and
/// read through ``PrivateFolder`` (0600 in a 0700 folder, no symbolic links). A
/// cache that cannot be read that way is ignored like a damaged one; one that
/// cannot be written says why in the scan's `cacheProblem`.
///
/// Thread safety: stateless; use from any thread, one writer per file.
enum ScanCache {
    static let header = "rxmodal-media-scan-cache 1"
    private static let fieldCount = 17

    static func load(from path: String) -> [String: MediaFileRecord] {
        guard let folder = try? PrivateFolder.existing(folderOf: path),
              let data = try? folder.read((path as NSString).lastPathComponent) else { return [:] }
        var records: [String: MediaFileRecord] = [:]
        records.reserveCapacity(data.count / 96)   // a record line is about 100 bytes
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var isFirst = true
            var fields: [String] = []
            fields.reserveCapacity(fieldCount)
            for index in 0...bytes.count {
                guard index == bytes.count || bytes[index] == 0x0A else { continue }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                lineStart = index + 1
                if isFirst {
                    isFirst = false
                    guard String(decoding: line, as: UTF8.self) == header else { return }
                    continue
                }
                guard !line.isEmpty else { continue }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = 0
                for position in 0...line.count where position == line.count || line[position] == 0x09 {
                    fields.append(unescape(UnsafeBufferPointer(rebasing: line[fieldStart..<position])))
                    fieldStart = position + 1
                }
                if let record = record(from: fields) { records[record.path] = record }
            }
        }
        return records
    }

    static func save(_ records: [MediaFileRecord], to path: String) throws(PrivateFolderError) {
        var text = header + "\n"
        text.reserveCapacity(records.count * 120)
        for record in records {
            let tags = record.tags
            let fields: [String] = [
                record.path, String(record.size), String(record.modificationTime), record.contentType,
                record.isReadable ? "1" : "0", tags == nil ? "0" : "1",
                tags?.title ?? "", tags?.artist ?? "", tags?.album ?? "", tags?.albumArtist ?? "", tags?.genre ?? "",
                tags?.trackNumber.map(String.init) ?? "", tags?.duration.map { String($0) } ?? "",
                record.pixelWidth.map(String.init) ?? "", record.pixelHeight.map(String.init) ?? "",
                record.exifDateTimeOriginal.map { String($0) } ?? "", record.software ?? "",
            ]
            text += fields.map(escape).joined(separator: "\t")
            text += "\n"
        }
        try PrivateFolder.creating(folderOf: path).write(Data(text.utf8), to: (path as NSString).lastPathComponent)
    }

    private static func record(from fields: [String]) -> MediaFileRecord? {
        guard fields.count == fieldCount, let size = Int64(fields[1]), let modified = Int64(fields[2]) else { return nil }
        func text(_ index: Int) -> String? { fields[index].isEmpty ? nil : fields[index] }
        var tags: AudioTags?
        if fields[5] == "1" {
            var read = AudioTags()
            read.title = text(6)
            read.artist = text(7)
            read.album = text(8)
            read.albumArtist = text(9)
            read.genre = text(10)
            read.trackNumber = text(11).flatMap { Int($0) }
            read.duration = text(12).flatMap { Double($0) }
            tags = read
        }
        return MediaFileRecord(path: fields[0], size: size, modificationTime: modified, contentType: fields[3],
                               isReadable: fields[4] == "1", tags: tags,
                               pixelWidth: text(13).flatMap { Int($0) }, pixelHeight: text(14).flatMap { Int($0) },
                               exifDateTimeOriginal: text(15).flatMap { Double($0) }, software: text(16))
    }

    private static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else { return field }
        var result = ""
        for character in field.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if escaped {
                output.append(byte == 0x74 ? 0x09 : byte == 0x6E ? 0x0A : byte)
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
