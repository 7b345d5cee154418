#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks that an open file is a whole ELF shared object for this machine before
/// the dynamic linker maps it. `dlopen` maps loadable segments by the offsets the
/// file claims; a segment that reaches past the end of a truncated file (a plugin
/// half-written during an upgrade) is mapped anyway, and the first touch of the
/// missing page kills the process with SIGBUS. Reading the headers first turns
/// that into a refusal. Stateless; safe from any thread.
enum ELFImageCheck {
    /// The program header types whose file contents the loader reads.
    private static let loadSegment: UInt32 = 1
    private static let dynamicSegment: UInt32 = 2

    #if arch(x86_64)
    static let hostMachine: UInt16 = 62      // EM_X86_64
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183     // EM_AARCH64
    #elseif arch(riscv64)
    static let hostMachine: UInt16 = 243     // EM_RISCV
    #else
    static let hostMachine: UInt16 = 0       // unknown: the machine is not checked
    #endif

    /// What is wrong with the image, or nil when it may be handed to `dlopen`.
    /// `size` is the file's size from `fstat` of the same descriptor.
    static func problem(descriptor: Int32, size: Int) -> String? {
        let headerSize = 64
        guard size >= headerSize else { return "truncated: \(size) bytes, shorter than an ELF header" }
        var header = [UInt8](repeating: 0, count: headerSize)
        guard readFully(descriptor, into: &header, at: 0) else { return "cannot read the ELF header: \(String(cString: strerror(errno)))" }
        guard header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            return "not an ELF file"
        }
        guard header[4] == 2 else { return "not a 64-bit ELF object (class \(header[4]))" }
        guard header[5] == 1 else { return "not a little-endian ELF object" }
        guard header[6] == 1 else { return "unknown ELF version \(header[6])" }
        let type = read16(header, 16)
        guard type == 3 else { return "not a shared object (ELF type \(type))" }
        let machine = read16(header, 18)
        if hostMachine != 0 && machine != hostMachine {
            return "built for another machine (ELF machine \(machine), this one is \(hostMachine))"
        }
        let tableOffset = read64(header, 32)
        let entrySize = Int(read16(header, 54))
        let count = Int(read16(header, 56))
        guard entrySize == 56 else { return "unexpected program header size \(entrySize)" }
        guard count > 0, count < 0xFFFF else { return "program header count \(count) is not usable" }
        guard let end = inside(offset: tableOffset, length: UInt64(count * entrySize), size: size) else {
            return "truncated: the program headers end past the end of the file (\(size) bytes)"
        }
        var table = [UInt8](repeating: 0, count: end - Int(tableOffset))
        guard readFully(descriptor, into: &table, at: Int(tableOffset)) else { return "cannot read the program headers" }

        var loadable = 0
        var dynamic = 0
        for index in 0..<count {
            let base = index * entrySize
            let segmentType = read32(table, base)
            let offset = read64(table, base + 8)
            let fileSize = read64(table, base + 32)
            let memorySize = read64(table, base + 40)
            if segmentType == loadSegment {
                loadable += 1
                guard fileSize <= memorySize else { return "segment \(index) holds more file bytes than memory" }
            }
            if segmentType == dynamicSegment { dynamic += 1 }
            guard fileSize == 0 || inside(offset: offset, length: fileSize, size: size) != nil else {
                return "truncated: segment \(index) ends past the end of the file (\(size) bytes)"
            }
        }
        guard loadable > 0 else { return "no loadable segment" }
        guard dynamic == 1 else { return dynamic == 0 ? "no dynamic section: not a shared object" : "more than one dynamic section" }
        return nil
    }

    /// The end of `offset ..< offset + length` when it lies within `size` bytes.
    private static func inside(offset: UInt64, length: UInt64, size: Int) -> Int? {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= UInt64(size) else { return nil }
        return Int(end)
    }

    private static func readFully(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }

    private static func read64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
