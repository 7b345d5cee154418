// Opens a media picker over generated libraries of 1,000 / 10,000 / 50,000
// tagged MP3 files and reports the time to show it with the scan cache cold and
// warm, and the cost per file. Run in release mode:
//
//     swift run -c release rxmodal-media-bench [sizes…]      e.g. 1000 10000 50000
//
// Libraries are generated once under $RXMODAL_BENCH_DIR (default
// /tmp/rxmodal-media-bench) by Tests/RxModalMediaTests/Support/make_fixtures.py
// (sox + mutagen). "Cold" means the scan cache was deleted first; the kernel's
// page cache is not dropped (that would disturb other work on the machine).
//
//     rxmodal-media-bench scan ROOT…
//
// scans ROOT… without a cache and prints the scan report as JSON: the tests use
// it to scan as an unprivileged user (setpriv) when they run as root.
import Foundation
import RxCore
import RxModal
import RxModalMedia

func reportJSON(_ report: ScanReport, records: [MediaFileRecord]) -> String {
    let object: [String: Any] = [
        "filesSeen": report.filesSeen, "symlinkLoops": report.symlinkLoops, "unreadableFolders": report.unreadableFolders,
        "unreadableFiles": report.unreadableFiles, "brokenFiles": report.brokenFiles, "nonUTF8Names": report.nonUTF8Names,
        "paths": records.map(\.path).sorted(),
    ]
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "scan" {
    let result = LibraryScanner(roots: Array(arguments.dropFirst()), cacheFile: nil).scan()
    print(reportJSON(result.report, records: result.records))
    exit(0)
}

let sizes = arguments.compactMap { Int($0) }.isEmpty ? [1000, 10000, 50000] : arguments.compactMap { Int($0) }
let base = ProcessInfo.processInfo.environment["RXMODAL_BENCH_DIR"] ?? "/tmp/rxmodal-media-bench"
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/RxModalMediaTests/Support/make_fixtures.py").path
setenv("XDG_CONFIG_HOME", base + "/config", 1)
setenv("XDG_CACHE_HOME", base + "/cache", 1)
try! MediaLibraryAuthorizationStore.standard().setStatus(.authorized, for: "rxmodal-media-bench")

func generate(_ count: Int) -> String {
    let folder = base + "/library-\(count)"
    if FileManager.default.fileExists(atPath: folder + "/.complete") { return folder }
    try? FileManager.default.removeItem(atPath: folder)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, "bulk", folder, String(count)]
    process.standardOutput = FileHandle.nullDevice
    try! process.run()
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "make_fixtures.py failed")
    precondition(FileManager.default.createFile(atPath: folder + "/.complete", contents: Data()), "cannot mark \(folder) complete")
    return folder
}

/// Seconds from subscribing to a media picker until it is shown and answered
/// (the scripted surface cancels at once), and the number of items offered.
func openPicker(root: String) -> (Double, Int) {
    let surface = try! ScriptedSurface(json: #"[{"cancel": true}]"#)
    let start = DispatchTime.now().uptimeNanoseconds
    let done = DispatchSemaphore(value: 0)
    let subscription = RxModal.mediaPicker(presenter: .surface(surface)) {
        $0.applicationIdentifier = "rxmodal-media-bench"
        $0.libraryRoots = [root]
    }.subscribe { _ in done.signal() }
    done.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    subscription.dispose()
    let offered = surface.transcript.first?["spec"]?["items"]?.arrayValue?.count ?? -1
    return (elapsed, offered)
}

print("content types: \(ContentTypeDetector.shared.backend); tags: \(TagLibReader.shared.libraryName ?? "none")")
/// Seconds for the scan alone (walk + cache), the cache being warm: the part of
/// a warm opening that the scanner owns (the rest is building the choice,
/// crossing the plugin boundary and the surface).
func warmScanOnly(root: String) -> Double {
    let scanner = LibraryScanner(roots: [root], cacheFile: MediaLibraryRoots.cacheFile(forRoots: [root]))
    return (0..<5).map { _ -> Double in
        let start = DispatchTime.now().uptimeNanoseconds
        _ = scanner.scan()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }.sorted()[2]
}

print("| files | cold (s) | cold per file (µs) | warm (ms, median of 5) | warm per file (µs) | of which the warm scan (ms) | items offered |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for count in sizes {
    let root = generate(count)
    try? FileManager.default.removeItem(atPath: MediaLibraryRoots.cacheFile(forRoots: [root]))
    let (cold, offered) = openPicker(root: root)
    let warm = (0..<5).map { _ in openPicker(root: root).0 }.sorted()[2]
    let scanOnly = warmScanOnly(root: root)
    print(String(format: "| %d | %.3f | %.1f | %.1f | %.2f | %.1f | %d |", count, cold, cold / Double(count) * 1e6,
                 warm * 1e3, warm / Double(count) * 1e6, scanOnly * 1e3, offered))
}
