#if canImport(Glibc)
import Glibc
#endif

/// The callback libFuzzer calls with each input.
public typealias FuzzInputHandler = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

// libFuzzer's documented entry for programs that keep their own `main`. SwiftPM
// gives every executable target a `main` of its own (it links `main` to the
// module's entry point), so `-sanitize=fuzzer`, whose runtime brings a second
// `main`, cannot link one; scripts/fuzz links the runtime without its `main`
// (libclang_rt.fuzzer_no_main) and each target starts the driver itself.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ handler: FuzzInputHandler) -> Int32

/// Runs libFuzzer with the process's arguments (corpus folders, `-max_total_time=N`,
/// or crash files to replay) and exits with its status.
public func runFuzzer(_ handler: FuzzInputHandler) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, handler))
}

/// The input as an array (empty for a NULL pointer).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run as a finding: libFuzzer saves the input that broke a property.
public func fuzzFailure(_ message: String) -> Never {
    let line = Array("fuzz property failed: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
