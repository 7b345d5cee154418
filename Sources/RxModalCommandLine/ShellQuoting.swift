import Foundation

/// Quotes a word for a shell command shown in a message, only when it needs it.
///
/// Pure functions; safe from any thread.
enum ShellQuoting {
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_./:@%+=,".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
