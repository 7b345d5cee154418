/// Reads a fuzz input as a few small choices followed by byte strings, so that one
/// input can steer several arguments. Every read succeeds: past the end it yields
/// zeros and empty strings, so no input is wasted on a parse error of our own.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var cursor = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { cursor >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard cursor < bytes.count else { return 0 }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// The next four bytes, little-endian.
    public mutating func uint32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, shift in value | UInt32(byte()) << (8 * UInt32(shift)) }
    }

    /// The bytes up to the next NUL (consumed, not returned), or to the end.
    public mutating func field() -> [UInt8] {
        guard cursor < bytes.count else { return [] }
        let end = bytes[cursor...].firstIndex(of: 0) ?? bytes.count
        defer { cursor = min(end + 1, bytes.count) }
        return Array(bytes[cursor..<end])
    }

    /// `field()` decoded as UTF-8, ill-formed sequences replaced.
    public mutating func text() -> String { String(decoding: field(), as: UTF8.self) }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { cursor = bytes.count }
        return cursor < bytes.count ? Array(bytes[cursor...]) : []
    }
}
