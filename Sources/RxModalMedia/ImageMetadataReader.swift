/// Reads the pixel size and EXIF `DateTimeOriginal` of JPEG and PNG files from
/// their bytes (JPEG: the SOFn segment and the APP1 Exif segment; PNG: IHDR, the
/// `eXIf` chunk and a `tEXt` "Software" chunk, which screenshot tools fill).
/// It never trusts a length field: a truncated or corrupt file gives nil.
///
/// Thread safety: stateless; use from any thread.
public enum ImageMetadataReader {
    /// What was read. A value; safe to share between threads.
    public struct Metadata: Equatable, Sendable {
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// EXIF `DateTimeOriginal` as written ("2021:02:03 20:29:58"), when present.
        public var exifDateTimeOriginal: String?
        /// The PNG "Software" text (gnome-screenshot, Spectacle, …), when present.
        public var software: String?
    }

    /// The metadata of a file of `contentType` whose first bytes are `bytes`
    /// (the reader needs the segments up to the image data: 256 KiB is plenty
    /// for files written by cameras and common tools); nil if not readable.
    public static func read(_ bytes: [UInt8], contentType: String) -> Metadata? {
        switch contentType {
        case "image/jpeg": return readJPEG(bytes)
        case "image/png": return readPNG(bytes)
        default: return nil
        }
    }

    static func readJPEG(_ bytes: [UInt8]) -> Metadata? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        var date: String?
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }          // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }   // end or scan data before any frame header
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = offset + 4
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE1, end - body >= 6, Array(bytes[body..<body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                date = TIFFReader(Array(bytes[(body + 6)..<end]))?.dateTimeOriginal()
            }
            let isFrameHeader = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrameHeader {
                guard end - body >= 5 else { return nil }
                let height = Int(bytes[body + 1]) << 8 | Int(bytes[body + 2])
                let width = Int(bytes[body + 3]) << 8 | Int(bytes[body + 4])
                guard width > 0, height > 0 else { return nil }
                return Metadata(pixelWidth: width, pixelHeight: height, exifDateTimeOriginal: date, software: nil)
            }
            offset = end
        }
        return nil
    }

    static func readPNG(_ bytes: [UInt8]) -> Metadata? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature else { return nil }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        guard String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        var metadata = Metadata(pixelWidth: u32(16), pixelHeight: u32(20), exifDateTimeOriginal: nil, software: nil)
        guard metadata.pixelWidth > 0, metadata.pixelHeight > 0 else { return nil }
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard length <= bytes.count - body else { break }   // truncated read: keep what we have
            let data = Array(bytes[body..<body + length])
            switch type {
            case "eXIf": metadata.exifDateTimeOriginal = TIFFReader(data)?.dateTimeOriginal()
            case "tEXt":
                if let zero = data.firstIndex(of: 0), String(decoding: data[..<zero], as: UTF8.self) == "Software" {
                    metadata.software = String(decoding: data[(zero + 1)...], as: UTF8.self)
                }
            case "IDAT", "IEND": return metadata
            default: break
            }
            offset = body + length + 4   // + CRC
        }
        return metadata
    }
}

/// The TIFF structure inside an EXIF block: enough to find `DateTimeOriginal`
/// (tag 0x9003 in the Exif IFD that tag 0x8769 of IFD0 points to).
struct TIFFReader {
    private let bytes: [UInt8]
    private let bigEndian: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
    }

    private func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
    }

    private func u32(_ at: Int) -> Int? {
        guard let a = u16(at), let b = u16(at + 2) else { return nil }
        return bigEndian ? a << 16 | b : b << 16 | a
    }

    /// The entry `tag` of the IFD at `ifd`: (type, count, value offset field position).
    private func entry(_ tag: Int, inIFDAt ifd: Int) -> (type: Int, count: Int, field: Int)? {
        guard let entries = u16(ifd), entries < 1000 else { return nil }
        for index in 0..<entries {
            let at = ifd + 2 + index * 12
            guard let found = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { return nil }
            if found == tag { return (type, count, at + 8) }
        }
        return nil
    }

    func dateTimeOriginal() -> String? {
        guard let ifd0 = u32(4),
              let pointer = entry(0x8769, inIFDAt: ifd0), let exifIFD = u32(pointer.field),
              let date = entry(0x9003, inIFDAt: exifIFD), date.type == 2, date.count >= 19,
              let start = date.count > 4 ? u32(date.field) : date.field,
              start + 19 <= bytes.count else { return nil }
        let text = String(decoding: bytes[start..<start + 19], as: UTF8.self)
        return ExifDate.parse(text) == nil ? nil : text
    }
}

/// EXIF's date form, "YYYY:MM:DD HH:MM:SS", local time without a zone: read
/// as UTC seconds, which keeps the wall-clock digits the camera wrote.
/// Stateless; use from any thread.
public enum ExifDate {
    public static func parse(_ text: String) -> Double? {
        let digits = Array(text.utf8)
        guard digits.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = digits[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146097 + dayOfEra - 719468
        return Double(days * 86400 + hour * 3600 + minute * 60 + second)
    }
}
