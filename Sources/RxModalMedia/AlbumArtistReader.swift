import Foundation

/// Reads the album artist, which TagLib 1's C API cannot give, from the tags
/// themselves: the ID3v2 `TPE2` frame (MP3), and the `ALBUMARTIST` Vorbis
/// comment of FLAC, Ogg Vorbis and Opus files. Like ``ImageMetadataReader`` it
/// never trusts a length field: anything malformed gives nil.
///
/// Thread safety: stateless; use from any thread.
public enum AlbumArtistReader {
    /// The album artist of the file at `path` of `contentType`, or nil.
    public static func read(path: String, contentType: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var bytes = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
        // A large ID3v2 tag (cover art) may hold TPE2 past the first read.
        if bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
            let size = syncsafe(bytes, 6) + 10
            if size > bytes.count, size <= 16 * 1024 * 1024 {
                bytes += [UInt8]((try? handle.read(upToCount: size - bytes.count)) ?? Data())
            }
        }
        return read(bytes, contentType: contentType)
    }

    static func read(_ bytes: [UInt8], contentType: String) -> String? {
        if bytes.starts(with: Array("ID3".utf8)) { return id3v2(bytes) }
        if bytes.starts(with: Array("fLaC".utf8)) { return flac(bytes) }
        if bytes.starts(with: Array("OggS".utf8)) { return ogg(bytes) }
        return nil
    }

    private static func syncsafe(_ b: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= b.count else { return 0 }
        return Int(b[at] & 0x7F) << 21 | Int(b[at + 1] & 0x7F) << 14 | Int(b[at + 2] & 0x7F) << 7 | Int(b[at + 3] & 0x7F)
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= b.count else { return 0 }
        return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    private static func littleEndian(_ b: ArraySlice<UInt8>, _ at: Int) -> Int? {
        guard at >= b.startIndex, at + 4 <= b.endIndex else { return nil }
        return Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
    }

    /// ID3v2.3 and 2.4 (2.2's three-letter frames are not read).
    static func id3v2(_ b: [UInt8]) -> String? {
        guard b.count >= 10, b[3] == 3 || b[3] == 4 else { return nil }
        let version = b[3]
        let end = min(b.count, syncsafe(b, 6) + 10)
        var offset = 10
        if b[5] & 0x40 != 0 {   // extended header
            offset += version == 4 ? syncsafe(b, 10) : bigEndian(b, 10) + 4
        }
        while offset + 10 <= end {
            let id = String(decoding: b[offset..<offset + 4], as: UTF8.self)
            let size = version == 4 ? syncsafe(b, offset + 4) : bigEndian(b, offset + 4)
            let body = offset + 10
            guard b[offset] != 0, size > 0, body + size <= end else { return nil }
            if id == "TPE2" { return text(Array(b[body..<body + size])) }
            offset = body + size
        }
        return nil
    }

    /// An ID3v2 text frame's body: an encoding byte, then the text.
    private static func text(_ body: [UInt8]) -> String? {
        guard let encoding = body.first else { return nil }
        var data = Array(body.dropFirst())
        let value: String
        switch encoding {
        case 0: value = String(data.map { Character(Unicode.Scalar($0)) })
        case 3: value = String(decoding: data, as: UTF8.self)
        case 1, 2:
            var bigEndian = encoding == 2
            if data.count >= 2, encoding == 1 {
                bigEndian = data[0] == 0xFE && data[1] == 0xFF
                data.removeFirst(2)
            }
            var units: [UInt16] = []
            var index = 0
            while index + 1 < data.count {
                let high = UInt16(data[bigEndian ? index : index + 1])
                let low = UInt16(data[bigEndian ? index + 1 : index])
                units.append(high << 8 | low)
                index += 2
            }
            value = String(decoding: units, as: UTF16.self)
        default: return nil
        }
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}"))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// FLAC metadata blocks up to the VORBIS_COMMENT block (type 4).
    static func flac(_ b: [UInt8]) -> String? {
        var offset = 4
        while offset + 4 <= b.count {
            let header = b[offset]
            let length = Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let body = offset + 4
            guard body + length <= b.count else { return nil }
            if header & 0x7F == 4 { return vorbisComment(b[body..<body + length]) }
            if header & 0x80 != 0 { return nil }
            offset = body + length
        }
        return nil
    }

    /// The comment packet of an Ogg Vorbis or Opus stream (the second packet).
    static func ogg(_ b: [UInt8]) -> String? {
        var packets: [[UInt8]] = [[]]
        var offset = 0
        while offset + 27 <= b.count, packets.count <= 2 {
            guard b[offset..<offset + 4].elementsEqual("OggS".utf8) else { return nil }
            let segments = Int(b[offset + 26])
            var data = offset + 27 + segments
            guard data <= b.count else { return nil }
            for index in 0..<segments {
                let length = Int(b[offset + 27 + index])
                guard data + length <= b.count else { return nil }
                packets[packets.count - 1] += b[data..<data + length]
                data += length
                if length < 255 { packets.append([]) }
            }
            offset = data
        }
        guard packets.count > 2 else { return nil }
        let comment = packets[1]
        if comment.starts(with: [0x03] + Array("vorbis".utf8)) { return vorbisComment(comment[7...]) }
        if comment.starts(with: Array("OpusTags".utf8)) { return vorbisComment(comment[8...]) }
        return nil
    }

    /// A Vorbis comment block: vendor, then "KEY=value" entries (little-endian lengths).
    private static func vorbisComment(_ b: ArraySlice<UInt8>) -> String? {
        guard let vendor = littleEndian(b, b.startIndex) else { return nil }
        var offset = b.startIndex + 4 + vendor
        guard let count = littleEndian(b, offset), count < 100_000 else { return nil }
        offset += 4
        for _ in 0..<count {
            guard let length = littleEndian(b, offset), offset + 4 + length <= b.endIndex else { return nil }
            let entry = String(decoding: b[(offset + 4)..<(offset + 4 + length)], as: UTF8.self)
            if let equals = entry.firstIndex(of: "=") {
                let key = entry[..<equals].uppercased()
                if key == "ALBUMARTIST" || key == "ALBUM ARTIST" {
                    let value = String(entry[entry.index(after: equals)...])
                    return value.isEmpty ? nil : value
                }
            }
            offset += 4 + length
        }
        return nil
    }
}
