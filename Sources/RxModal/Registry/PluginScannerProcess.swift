#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import RxModalPluginABI

/// The scanner's side of ``PluginScanner``: what `rxmodal-plugin-scanner` runs.
/// It reads the descriptor of each file it was handed (descriptors 4, 5, …),
/// checking each as the host would (ELF headers, then the descriptor's
/// fields), and writes what it found to descriptor 3. Runs on one thread.
package enum PluginScannerProcess {
    package static let usage = """
        Usage: rxmodal-plugin-scanner --protocol 1 --count N
        Reads the descriptors of the N plugin files open as descriptors 4, 5, …
        and writes one JSON line per step to descriptor 3. It is run by the RxModal
        runtime, which hands it those descriptors; there is no use in running it by hand.
        """

    /// Runs the scan for `arguments` (without the program name); the exit status.
    package static func main(arguments: [String]) -> Int32 {
        guard arguments.count == 4, arguments[0] == "--protocol", arguments[1] == "\(PluginScanner.protocolVersion)",
              arguments[2] == "--count", let count = Int(arguments[3]), count >= 0 else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        var status = stat()
        guard fstat(PluginScanner.resultsDescriptor, &status) == 0 else {
            FileHandle.standardError.write(Data("rxmodal-plugin-scanner: descriptor 3 is not open\n".utf8))
            return 2
        }
        for index in 0..<count {
            send(PluginScanner.Message(index: index, reading: true))
            let descriptor = PluginScanner.firstFileDescriptor + Int32(index)
            switch read(descriptor) {
            case .success(let kind): send(PluginScanner.Message(index: index, kind: kind))
            case .failure(let reason): send(PluginScanner.Message(index: index, skipped: reason.description))
            }
        }
        return 0
    }

    private static func read(_ descriptor: Int32) -> Result<ScannedKind, SkippedPlugin.Reason> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.notASharedObject("the file is not open")) }
        if let problem = ELFImageCheck.problem(descriptor: descriptor, size: Int(info.st_size)) {
            return .failure(.invalidImage(problem))
        }
        return PluginLoader.link(takingOver: descriptor, path: "plugin").map { ScannedKind($0.fields) }
    }

    private static func send(_ message: PluginScanner.Message) {
        guard var line = try? JSONEncoder().encode(message) else { return }
        line.append(0x0A)
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(PluginScanner.resultsDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
