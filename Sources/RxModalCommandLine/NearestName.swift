/// The known name closest to a misspelt one, for "did you mean …?" hints:
/// the one at the smallest edit distance (insertions, deletions,
/// substitutions, and two neighbours swapped), if that distance is small for
/// the word's length — a third of it, at least one, at most three — and no
/// other name is as close (a tie suggests nothing rather than a guess).
/// Case is ignored, so `--Title` finds `--title` and `mailcomposer` finds
/// `mailComposer`.
///
/// Pure functions; safe from any thread.
enum NearestName {
    static func suggestion(for typed: String, among names: [String]) -> String? {
        let word = Array(typed.lowercased())
        guard !word.isEmpty else { return nil }
        let allowed = min(3, max(1, word.count / 3))
        var best: (name: String, distance: Int)?
        var tied = false
        for name in Set(names) where name != typed {
            let distance = editDistance(word, Array(name.lowercased()))
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance {
                best = (name, distance)
                tied = false
            } else if distance == best!.distance {
                tied = true
            }
        }
        return tied ? nil : best?.name
    }

    /// The optimal string alignment distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        var twoBack: [Int] = []
        for i in 1...a.count {
            twoBack = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBack[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }

    /// " (did you mean --title?)", or nothing.
    static func hint(for typed: String, among names: [String]) -> String {
        suggestion(for: typed, among: names).map { " (did you mean \($0)?)" } ?? ""
    }
}
