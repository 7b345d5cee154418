import Foundation

/// Small but real media files for the picker sections of `rxmodal demo`,
/// written here so the demo needs no tools: PNG images (zlib "stored" blocks,
/// CRC-32 and Adler-32 as the PNG and zlib specifications define them) and a
/// PCM WAV recording of silence.
enum DemoMediaFiles {
    /// A `width`×`height` RGB PNG of one colour.
    static func png(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)   // filter type "none" for each scanline
            for _ in 0..<width { raw += [red, green, blue] }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    /// `seconds` of 8 kHz mono 16-bit silence as a RIFF/WAVE file.
    static func silentWAV(seconds: Int) -> Data {
        let rate: UInt32 = 8_000
        let samples = [UInt8](repeating: 0, count: Int(rate) * 2 * seconds)
        var wav = Array("RIFF".utf8) + littleEndian(UInt32(36 + samples.count)) + Array("WAVE".utf8)
        wav += Array("fmt ".utf8) + littleEndian(UInt32(16)) + littleEndian16(1) + littleEndian16(1)
        wav += littleEndian(rate) + littleEndian(rate * 2) + littleEndian16(2) + littleEndian16(16)
        wav += Array("data".utf8) + littleEndian(UInt32(samples.count)) + samples
        return Data(wav)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// zlib data in "stored" (uncompressed) deflate blocks of at most 65,535 bytes.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last] + littleEndian16(UInt16(count)) + littleEndian16(~UInt16(count))
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    private static func littleEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    private static func littleEndian16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
}
