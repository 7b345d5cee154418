// Memory held per live subscription, on each side: the growth of the resident set
// (/proc/self/statm) while n subscriptions are alive, divided by n, as rx-bench
// measures it. Each measurement runs in a fresh process of this executable
// (`--memory-of INDEX SIDE`), so that pages freed by earlier shapes, which the
// allocator keeps, do not hide the growth.
import Foundation

/// One memory shape: `hold(n)` makes n live subscriptions and returns what keeps
/// them alive.
struct MemoryShape {
    let name: String
    let hold: (Int) -> [Any]
}

enum Memory {
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// In the child: measures one shape and prints bytes per subscription.
    static func measureHere(_ shape: MemoryShape, count: Int) -> Never {
        _ = shape.hold(1_000)   // warm: code pages, metadata, the allocator's first arenas
        let before = residentBytes()
        let held = shape.hold(count)
        let after = residentBytes()
        withExtendedLifetime(held) {}
        print(Double(after - before) / Double(count))
        exit(0)
    }

    /// In the driver: one measurement in a fresh process; nil when it failed.
    static func measureInChild(index: Int, side: String, count: Int) -> Double? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--memory-of", String(index), side, String(count)]
        let output = Pipe()
        child.standardOutput = output
        guard (try? child.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func markdown(_ pairs: [(name: String, rxSwift: [Double], rxCore: [Double])], count: Int) -> String {
        var out = "\nResident memory per live subscription (\(count) alive at once, each measured in a fresh process; median of \(pairs.first?.rxSwift.count ?? 0)):\n\n"
        out += "| shape | RxSwift | RxCore | RxCore ÷ RxSwift |\n| --- | ---: | ---: | ---: |\n"
        for pair in pairs {
            guard !pair.rxSwift.isEmpty, !pair.rxCore.isEmpty else {
                out += "| \(pair.name) | — | — | — |\n"
                continue
            }
            let swift = Figures(pair.rxSwift).median, core = Figures(pair.rxCore).median
            out += "| \(pair.name) | \(Int(swift.rounded())) B | \(Int(core.rounded())) B | \(String(format: "%.2f", core / swift)) |\n"
        }
        return out
    }
}
