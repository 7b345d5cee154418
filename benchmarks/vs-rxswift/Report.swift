// The printed comparison: Markdown tables, ready to paste into BENCHMARKS.md.
import Foundation

struct Report {
    let rows: [Row]
    let floors: [Side]
    let rounds: Int

    /// Shapes whose median ratio is below this are listed after the table.
    static let notableRatio = 10.0

    func markdown() -> String {
        var out = ""
        out += "Nanoseconds per operation (the unit column says what one operation is), median of \(rounds) "
        out += "interleaved round\(rounds == 1 ? "" : "s"); ratio = RxSwift ÷ RxCore, above 1 when RxCore is faster.\n\n"
        out += "| family | shape | unit | RxSwift | RxCore | RxSwift ÷ RxCore | RxSwift min | RxCore min | ÷ of mins |\n"
        out += "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for row in rows {
            let swift = Figures(row.rxSwift.samples), core = Figures(row.rxCore.samples)
            let mark = row.hung.map { " **(a call did not return: \($0))**" }
                ?? (row.checksumsMatch ? "" : " **(checksums differ)**")
            out += "| \(row.rxSwift.shape.family) | \(row.name)\(mark) | \(row.rxSwift.shape.unit) | "
            guard row.hung == nil else {
                out += "— | — | — | — | — | — |\n"
                continue
            }
            out += "\(ns(swift.median)) | \(ns(core.median)) | \(ratio(swift.median / core.median)) | "
            out += "\(ns(swift.min)) | \(ns(core.min)) | \(ratio(swift.min / core.min)) |\n"
        }

        if !floors.isEmpty {
            out += "\nFloors, measured in the same run without either library:\n\n"
            out += "| floor | unit | ns (median) | ns (min) | floor of |\n"
            out += "| --- | --- | ---: | ---: | --- |\n"
            for floor in floors {
                let figures = Figures(floor.samples)
                out += "| \(floor.shape.name) | \(floor.shape.unit) | \(ns(figures.median)) | \(ns(figures.min)) | "
                out += "\(Floors.floorOf[floor.shape.name] ?? "") |\n"
            }
        }

        let measured = rows.filter { $0.hung == nil }
        let below = measured.filter { Figures($0.rxSwift.samples).median / Figures($0.rxCore.samples).median < Self.notableRatio }
        out += "\nMedian ratio below \(Int(Self.notableRatio)): \(below.count) of \(measured.count) shapes measured"
        out += below.isEmpty ? ".\n" : ":\n\n" + below.map { row in
            "- \(row.name): \(ratio(Figures(row.rxSwift.samples).median / Figures(row.rxCore.samples).median))\n"
        }.joined()
        let mismatches = measured.filter { !$0.checksumsMatch }
        out += mismatches.isEmpty
            ? "\nChecksums: both sides agree on all \(measured.count) shapes measured.\n"
            : "\nChecksums differ on \(mismatches.count) shapes: " + mismatches.map(\.name).joined(separator: "; ") + ".\n"
        let hung = rows.filter { $0.hung != nil }
        if !hung.isEmpty {
            out += "\nGiven up, a call never returning: " + hung.map { "\($0.name) (\($0.hung!))" }.joined(separator: "; ") + ".\n"
        }
        return out
    }

    private func ns(_ value: Double) -> String {
        switch value {
        case _ where value.isNaN: return "—"
        case ..<10: return String(format: "%.2f", value)
        case ..<1000: return String(format: "%.1f", value)
        default: return String(format: "%.0f", value)
        }
    }

    private func ratio(_ value: Double) -> String {
        value.isNaN ? "—" : value < 10 ? String(format: "%.2f ×", value) : String(format: "%.1f ×", value)
    }
}

/// Median and minimum of a shape's rounds.
struct Figures {
    let median: Double
    let min: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else {
            median = .nan
            min = .nan
            return
        }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
    }
}
