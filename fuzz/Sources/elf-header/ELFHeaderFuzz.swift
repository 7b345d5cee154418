#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
@testable import RxModal

/// The loader's ELF check (`ELFImageCheck`), which reads a candidate plugin's
/// headers on its descriptor before `dlopen` may map it: any file in a plugin
/// folder can claim any offsets and counts. Each input is written to one
/// unlinked temporary file and checked on its descriptor, as the loader does.
/// An image the check accepts must be a file `dlopen` can map without reading
/// past its end, so acceptance is checked against the input's own bytes.
@main
enum ELFHeaderFuzz {
    nonisolated(unsafe) static var file: Int32 = -1

    static func main() {
        var template = Array("/tmp/rxmodal-fuzz-elf-XXXXXX".utf8CString)
        file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { fuzzFailure("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        runFuzzer { data, size in
            ELFHeaderFuzz.check(fuzzBytes(data, size))
            return 0
        }
    }

    static func check(_ bytes: [UInt8]) {
        guard ftruncate(file, 0) == 0, bytes.withUnsafeBytes({ pwrite(file, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            fuzzFailure("cannot write the temporary file: \(String(cString: strerror(errno)))")
        }
        guard ELFImageCheck.problem(descriptor: file, size: bytes.count) == nil else { return }
        // Accepted: every segment's file range must lie inside the input.
        func read(_ at: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(UInt64(0)) { value, index in value | UInt64(bytes[at + index]) << (8 * UInt64(index)) }
        }
        let tableOffset = Int(read(32, 8)), count = Int(read(56, 2))
        for index in 0..<count {
            let base = tableOffset + index * 56
            guard base + 56 <= bytes.count else { fuzzFailure("accepted with program header \(index) past the end") }
            let offset = read(base + 8, 8), fileSize = read(base + 32, 8)
            if fileSize > 0 && (offset > UInt64(bytes.count) || fileSize > UInt64(bytes.count) - offset) {
                fuzzFailure("accepted with segment \(index) at \(offset)+\(fileSize) in \(bytes.count) bytes")
            }
        }
    }
}
