/// How a configuration method's name becomes a flag: a leading `set` is
/// dropped (it says nothing on a command line), and camel case becomes kebab
/// case. `setTitle` → `title`, `setPreferredAction` → `preferred-action`,
/// `addTextField` → `add-text-field`, `setURL` → `url`.
///
/// Pure functions; safe from any thread.
enum FlagNaming {
    static func flagName(forMethod method: String) -> String {
        var base = Substring(method)
        if base.hasPrefix("set"), let next = base.dropFirst(3).first, next.isUppercase {
            base = base.dropFirst(3)
        }
        var result = ""
        let characters = Array(base)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                // A new word starts at an upper-case letter that follows a
                // lower-case one, or that begins a word after an acronym ("URLPath").
                let previousIsLower = index > 0 && (characters[index - 1].isLowercase || characters[index - 1].isNumber)
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                let previousIsUpper = index > 0 && characters[index - 1].isUppercase
                if !result.isEmpty && (previousIsLower || (previousIsUpper && nextIsLower)) { result += "-" }
                result += character.lowercased()
            } else if character == "_" {
                result += "-"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
