/// The signatures of the formats the pickers know, for when libmagic is absent
/// (and for the few files libmagic calls `application/octet-stream`). Only
/// the content decides, except for MPEG audio frames without an ID3 header,
/// whose two-byte sync is too weak alone and also needs the `.mp3` name.
///
/// Thread safety: stateless; use from any thread.
public enum ContentSniffer {
    public static func contentType(head: UnsafeRawBufferPointer, fileName: String) -> String {
        if let known = signatureType(head: head) { return known }
        let bytes = Array(head.prefix(4))
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0, fileName.lowercased().hasSuffix(".mp3") {
            return "audio/mpeg"
        }
        return "application/octet-stream"
    }

    /// The type of content with an unambiguous signature, else nil.
    public static func signatureType(head: UnsafeRawBufferPointer) -> String? {
        let bytes = Array(head.prefix(64))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        let ascii: (String) -> [UInt8] = { Array($0.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(ascii("GIF8")) { return "image/gif" }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "image/webp" }
        if starts(ascii("RIFF")) && starts(ascii("WAVE"), at: 8) { return "audio/x-wav" }
        if starts(ascii("RIFF")) && starts(ascii("AVI "), at: 8) { return "video/x-msvideo" }
        if starts(ascii("fLaC")) { return "audio/flac" }
        if starts(ascii("OggS")) { return "audio/ogg" }
        if starts(ascii("ID3")) { return "audio/mpeg" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if starts(ascii("ftyp"), at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            switch brand {
            case "M4A ", "M4B ", "M4P ": return "audio/mp4"
            case "heic", "heix", "mif1": return "image/heic"
            case "qt  ": return "video/quicktime"
            default: return "video/mp4"
            }
        }
        return nil
    }
}
