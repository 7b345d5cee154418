import Foundation

/// The byte-level encodings a MIME message needs. Pure functions: usable from any thread.
enum MIMEEncoding {
    static let crlf = "\r\n"

    /// Base64 in lines of 76 characters, each ended by CRLF (RFC 2045 §6.8).
    static func base64Lines(_ data: Data) -> String {
        let encoded = data.base64EncodedString()
        var result = ""
        result.reserveCapacity(encoded.utf8.count + encoded.utf8.count / 76 * 2 + 2)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            result += encoded[index..<end]
            result += crlf
            index = end
        }
        return result
    }

    /// Quoted-printable (RFC 2045 §6.7) of `text` as UTF-8, with line breaks of any
    /// kind (LF, CRLF, CR) as hard CRLF breaks and soft breaks keeping lines ≤ 76.
    /// A leading "." or "From " is encoded so that no transport can alter the line.
    static func quotedPrintable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var output = ""
        for (lineIndex, line) in normalized.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if lineIndex > 0 { output += crlf }
            let bytes = Array(line.utf8)
            var current = ""
            func emit(_ token: String) {
                if current.utf8.count + token.utf8.count > 75 {
                    output += current + "=" + crlf
                    current = ""
                }
                current += token
            }
            for (i, byte) in bytes.enumerated() {
                let isLast = i == bytes.count - 1
                let literal: Bool
                switch byte {
                case 0x21...0x3C, 0x3E...0x7E: literal = true
                case 0x20, 0x09: literal = !isLast // trailing white space would be stripped in transit
                default: literal = false
                }
                var token = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
                if current.isEmpty && (byte == 0x2E || (byte == 0x46 && bytes[i...].starts(with: Array("From ".utf8)))) {
                    token = String(format: "=%02X", byte)
                }
                emit(token)
            }
            output += current
        }
        return output + crlf
    }

    /// RFC 2047 "B" encoded-words for `text`, each at most 75 characters, never
    /// splitting a UTF-8 character between two words. Joined by CRLF SP (folding).
    /// `firstLineUsed` is how much of the first line a header name already takes, so
    /// that the first word keeps that line within 76 characters too.
    static func encodedWords(_ text: String, firstLineUsed: Int = 0) -> String {
        // "=?UTF-8?B?" + "?=" take 12 characters; 63 are left for base64 → 45 bytes.
        let maxBytes = 45
        let firstMaxBytes = max(12, min(maxBytes, (76 - firstLineUsed - 12) / 4 * 3))
        var words: [String] = []
        var chunk = Data()
        // Split between scalars, never inside one: a long grapheme cluster may span two
        // words, which decoders join back together.
        for scalar in text.unicodeScalars {
            let bytes = Data(String(scalar).utf8)
            let limit = words.isEmpty ? firstMaxBytes : maxBytes
            if chunk.count + bytes.count > limit && !chunk.isEmpty {
                words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty || words.isEmpty {
            words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
        }
        return words.joined(separator: crlf + " ")
    }

    static func isPlainASCII(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" }
    }

    /// An unstructured header value (Subject): folded ASCII when it can be sent as is,
    /// encoded-words otherwise (non-ASCII, over-long words, or text that looks like an encoded-word).
    static func unstructuredHeader(name: String, value: String) -> String {
        let words = value.split(separator: " ", omittingEmptySubsequences: false)
        let canStayASCII = isPlainASCII(value) && !value.contains("=?") && words.allSatisfy { $0.utf8.count <= 70 }
        if !canStayASCII {
            return "\(name): \(encodedWords(value, firstLineUsed: name.utf8.count + 2))"
        }
        return fold(prefix: "\(name): ", tokens: words.map(String.init), separator: " ")
    }

    /// Joins tokens with `separator`, starting a new folded line (CRLF SP) before a
    /// token that would take the line past 78 characters.
    static func fold(prefix: String, tokens: [String], separator: String) -> String {
        var output = prefix
        var lineLength = prefix.utf8.count
        for (index, token) in tokens.enumerated() {
            let piece = index == 0 ? token : separator + token
            // Never fold before an empty token: that would leave a line of white space only,
            // which RFC 5322 §3.2.2 forbids.
            if index > 0 && !token.isEmpty && lineLength + piece.utf8.count > 78 {
                // Fold at the separator's white space: "a, b" → "a,\r\n b".
                let trimmedSeparator = separator.trimmingCharacters(in: .whitespaces)
                output += trimmedSeparator + crlf + " " + token
                lineLength = 1 + token.utf8.count
            } else {
                output += piece
                lineLength += piece.utf8.count
            }
        }
        return output
    }

    /// The longest display name sent as it is typed. A plain or quoted name is one
    /// token that is never folded, so a longer one goes as encoded-words, which
    /// fold: a name of any length then keeps every line within RFC 5322's 998.
    static let longestPlainDisplayName = 70

    /// A mailbox for a header: `"Display, Name" <a@b>`, `=?UTF-8?B?...?= <a@b>` or `a@b`.
    static func mailbox(_ address: MailAddress) -> String {
        guard let name = address.displayName, !name.isEmpty else { return address.asciiAddrSpec }
        let phrase: String
        if !isPlainASCII(name) || name.contains("=?") || name.utf8.count > longestPlainDisplayName {
            phrase = encodedWords(name)
        } else if name.unicodeScalars.allSatisfy({ MailAddress.isAtext($0) || $0 == " " }) && !name.hasPrefix(" ") {
            phrase = name
        } else {
            phrase = "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "\(phrase) <\(address.asciiAddrSpec)>"
    }

    /// An address-list header (From, To, Cc, Bcc), folded after commas.
    static func addressHeader(name: String, addresses: [MailAddress]) -> String {
        fold(prefix: "\(name): ", tokens: addresses.map(mailbox), separator: ", ")
    }

    /// A quoted MIME parameter value when it is plain ASCII, else nil.
    static func quotedParameter(_ value: String) -> String? {
        guard isPlainASCII(value) else { return nil }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// RFC 2231 parameter `name*=UTF-8''…`, continued as `name*0*=…; name*1*=…` when long.
    /// Returned as separate "; "-joinable pieces, one per folded line.
    static func extendedParameter(name: String, value: String) -> [String] {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        var pieces: [String] = []
        var current = ""
        for character in value {
            var token = ""
            for byte in String(character).utf8 {
                token += unreserved.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }
            if current.utf8.count + token.utf8.count > 60 && !current.isEmpty {
                pieces.append(current)
                current = ""
            }
            current += token
        }
        pieces.append(current)
        if pieces.count == 1 {
            return ["\(name)*=UTF-8''\(pieces[0])"]
        }
        return pieces.enumerated().map { index, piece in
            index == 0 ? "\(name)*0*=UTF-8''\(piece)" : "\(name)*\(index)*=\(piece)"
        }
    }
}
