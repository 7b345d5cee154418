import Foundation
import RxModal

/// Time to open a registry and load plugins, the issue's "opening the registry
/// with the built-in plugins: aim under 20 ms".
///
/// Two measurements:
/// 1. If the package's own plugins (`librxmodal-*.so` next to this executable) or
///    an install directory hold plugins: one `ModalRegistry(searchPath: .standard())`,
///    the first in the process, so every plugin is really `dlopen`ed (files warm in
///    the page cache, as they are after a build). Only once: a second open in the
///    same process would find the objects already mapped.
/// 2. Always: the registry's test plugin compiled N times (N kinds) into a
///    temporary directory; for each round, the directory is copied to a fresh path
///    (new files, so `dlopen` maps and relocates them again, not a cached handle)
///    and `ModalRegistry(searchPath: .explicit([copy]))` is timed: directory scan,
///    permission checks, dlopen, entry call, validation, registration. Then, with
///    the scanner beside this program, a second fresh copy is opened through the
///    scanner process with an empty cache (cold), and again from the cache it left
///    (warm: no plugin is read). The copies are not timed. Minimum, median and
///    maximum are printed.
func runRegistryBenchmark(pluginCount: Int, rounds: Int) {
    print("rxmodal-bench: registry open + plugin load (ms, wall clock)")
    measureBuiltInPlugins()
    measureTestPlugins(count: max(1, pluginCount), rounds: max(1, rounds))
}

private func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

private func format(_ value: Double) -> String { String(format: "%.3f", value) }

private func measureBuiltInPlugins() {
    let path = PluginSearchPath.standard()
    let defaults = path.directories.filter { !$0.acceptsAnyFile }
    let found = defaults.flatMap { directory in
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("librxmodal-") && $0.hasSuffix(".so") }
    }
    guard !found.isEmpty else {
        print("  built-in plugins: none found in \(defaults.map(\.path).joined(separator: ", ")); skipped")
        return
    }
    let clock = ContinuousClock()
    var registry: ModalRegistry?
    let elapsed = clock.measure { registry = ModalRegistry(searchPath: path) }
    let kinds = registry?.kindNames ?? []
    print("  built-in plugins, standard search path, first open: \(format(milliseconds(elapsed))) ms, "
          + "\(kinds.count) kinds (\(kinds.joined(separator: ", "))), \(registry?.skipped.count ?? 0) skipped")
    for skipped in registry?.skipped ?? [] { print("    skipped \(skipped)") }
    guard let scanner = PluginScannerLocation.find(environment: [:]) else { return }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-bench-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let scanning = PluginScanning.scanner(path: scanner, cache: cache + "/registry.json")
    let cold = clock.measure { registry = ModalRegistry(searchPath: path, scanning: scanning) }
    let warm = clock.measure { registry = ModalRegistry(searchPath: path, scanning: scanning) }
    print("  built-in plugins, standard search path, through the scanner: cold \(format(milliseconds(cold))) ms, "
          + "warm (registry cache) \(format(milliseconds(warm))) ms, \(registry?.kindNames.count ?? 0) kinds")
}

private func measureTestPlugins(count: Int, rounds: Int) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let source = root.appendingPathComponent("Tests/Fixtures/registry/test_plugin.c").path
    guard FileManager.default.fileExists(atPath: source) else {
        print("  test plugins: \(source) not found (run from the source tree); skipped")
        return
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let built = work + "/built"
    do {
        try FileManager.default.createDirectory(atPath: built, withIntermediateDirectories: true)
        chmod(work, 0o755)
        chmod(built, 0o755)
        for index in 0..<count {
            let process = try Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: [
                "cc", "-shared", "-fPIC", "-O2", "-I", root.appendingPathComponent("Include").path,
                "-DKIND=\"bench\(index)\"", "-o", "\(built)/librxmodal-bench\(index).so", source,
            ])
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                print("  test plugins: cc failed (status \(process.terminationStatus)); skipped")
                return
            }
        }
    } catch {
        print("  test plugins: cannot build (\(error)); skipped")
        return
    }

    let scanner = PluginScannerLocation.find(environment: [:])
    if scanner == nil { print("  (no rxmodal-plugin-scanner beside this program: scanner rows skipped)") }
    let clock = ContinuousClock()
    var inProcess: [Double] = [], cold: [Double] = [], warm: [Double] = []
    for round in 0..<rounds {
        // Fresh copies (new inodes), so nothing is already mapped or cached.
        let copies = ["\(work)/round\(round)-in-process", "\(work)/round\(round)-scanned"]
        do { for copy in copies { try FileManager.default.copyItem(atPath: built, toPath: copy) } } catch {
            print("  test plugins: cannot copy (\(error)); skipped")
            return
        }
        var registry: ModalRegistry?
        let elapsed = clock.measure { registry = ModalRegistry(searchPath: .explicit([copies[0]])) }
        guard registry?.kindNames.count == count else {
            print("  test plugins: expected \(count) kinds, loaded \(registry?.kindNames.count ?? 0): \(registry?.skipped ?? [])")
            return
        }
        inProcess.append(milliseconds(elapsed))
        guard let scanner else { continue }
        let scanning = PluginScanning.scanner(path: scanner, cache: "\(work)/cache-\(round)/registry.json")
        cold.append(milliseconds(clock.measure { registry = ModalRegistry(searchPath: .explicit([copies[1]]), scanning: scanning) }))
        warm.append(milliseconds(clock.measure { registry = ModalRegistry(searchPath: .explicit([copies[1]]), scanning: scanning) }))
        guard registry?.kindNames.count == count else {
            print("  test plugins through the scanner: expected \(count) kinds, got \(registry?.kindNames.count ?? 0): \(registry?.skipped ?? [])")
            return
        }
    }
    func summary(_ label: String, _ samples: [Double]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        print("  \(count) test plugins, \(label), \(rounds) rounds: min \(format(sorted[0])) ms, median \(format(median)) ms, "
              + "max \(format(sorted[sorted.count - 1])) ms (\(format(median / Double(count))) ms per plugin at the median)")
    }
    summary("read in process (dlopen each)", inProcess)
    summary("cold, through the scanner process (empty cache)", cold)
    summary("warm, from the registry cache (no plugin read)", warm)
}
