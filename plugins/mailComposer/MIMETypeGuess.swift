/// The MIME type of an attached file from its extension, for attachments given
/// by path without a type; `application/octet-stream` when unknown (what mail
/// clients fall back to).
enum MIMETypeGuess {
    private static let known: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "md": "text/markdown", "csv": "text/csv",
        "html": "text/html", "htm": "text/html", "xml": "application/xml", "json": "application/json",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "mp3": "audio/mpeg", "ogg": "audio/ogg", "wav": "audio/wav", "mp4": "video/mp4",
        "ics": "text/calendar", "vcf": "text/vcard", "odt": "application/vnd.oasis.opendocument.text",
    ]

    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return known[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
