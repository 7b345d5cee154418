import Foundation

/// The short texts the pickers show: sizes, durations, dates. Stateless; any thread.
public enum Formatting {
    /// "812 B", "4.2 KB", "1.3 MB" (decimal units, as GNOME Files shows).
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// "3:05", "1:02:03".
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }   // String(format:) is slow on Linux
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// "2021-02-03 20:29" in UTC (EXIF times carry no zone; see ``ExifDate``).
    public static func date(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
    }

    /// ISO 8601 in UTC: "2021-02-03T20:29:58Z".
    public static func iso8601(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// A stable identifier for the file at `path`: the same path gives the same
    /// identifier in every scan and process (FNV-1a 64 of the path).
    public static func assetIdentifier(path: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        let hex = String(hash, radix: 16)
        return "file-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// "file:///path" with the path percent-encoded.
    public static func fileURL(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}
