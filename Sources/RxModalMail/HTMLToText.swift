import Foundation

/// A plain-text rendering of an HTML body, for the text/plain alternative.
///
/// Not a browser: it drops `<head>`, `<script>` and `<style>`, turns block elements
/// and `<br>` into line breaks, list items into "- " lines, keeps link targets as
/// "text (url)", and decodes the common entities and numeric references.
/// A pure function: usable from any thread.
public enum HTMLToText {
    public static func plainText(fromHTML html: String) -> String {
        var text = html
        for element in ["head", "script", "style", "title"] {
            text = text.replacingOccurrences(of: "<\(element)\\b[^>]*>.*?</\(element)\\s*>", with: "",
                                             options: [.regularExpression, .caseInsensitive])
        }
        text = text.replacingOccurrences(of: "<!--.*?-->", with: "", options: .regularExpression)
        // Links: keep the target after the text.
        text = text.replacingOccurrences(of: "<a\\b[^>]*href\\s*=\\s*[\"']([^\"']*)[\"'][^>]*>(.*?)</a\\s*>", with: "$2 ($1)",
                                         options: [.regularExpression, .caseInsensitive])
        // Collapse source white space as HTML does, before structural breaks are added.
        text = text.replacingOccurrences(of: "[ \\t\\r\\n]+", with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<li\\b[^>]*>", with: "\n- ", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "</?(p|div|h[1-6]|ul|ol|table|tr|blockquote|pre|section|article|header|footer)\\b[^>]*>",
                                         with: "\n\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        text = decodeEntities(text)
        // Tidy: trim each line, at most one blank line in a row.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var result: [String] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) {
            result.append(line)
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n")
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "copy": "©", "reg": "®", "hellip": "…", "mdash": "—", "ndash": "–", "euro": "€",
    ]

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let entity = String(text[text.index(after: index)..<semicolon])
                var replacement: String?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    replacement = named[entity]
                }
                if let replacement {
                    output += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            output.append(character)
            index = text.index(after: index)
        }
        return output
    }
}
