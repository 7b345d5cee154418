/// One mailbox: an optional display name and an RFC 5322 addr-spec.
///
/// Parsed from what a user types: `alice@example.org`, `Alice <alice@example.org>`,
/// `"Doe, Jane" <jane@example.org>`, `Jürgen <j@bücher.example>`. The local part is
/// ASCII (dot-atom or quoted-string); the domain may be internationalized and is sent
/// in its ASCII (punycode) form, so the message needs no SMTPUTF8 support.
///
/// A plain value: usable from any thread.
public struct MailAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The display name as typed, without surrounding quotes; nil when absent.
    public let displayName: String?
    /// The local part as typed (a quoted local part keeps its quotes).
    public let localPart: String
    /// The domain as typed (may contain non-ASCII letters).
    public let domain: String

    /// Parses `text`; throws a `MailValidationError` for `field` when it is not a mailbox.
    public init(parsing text: String, field: String) throws {
        if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw MailValidationError(field: field, reason: .forbiddenControlCharacter)
        }
        let trimmed = text.trimmingASCIIWhitespace()
        var name: String?
        var spec = trimmed
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            spec = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            let rawName = String(trimmed[..<open]).trimmingASCIIWhitespace()
            if !rawName.isEmpty {
                guard let parsedName = MailAddress.parseDisplayName(rawName) else {
                    throw MailValidationError(field: field, reason: .invalidAddress)
                }
                name = parsedName
            }
        }
        guard let (local, domain) = MailAddress.parseAddrSpec(spec) else {
            throw MailValidationError(field: field, reason: .invalidAddress)
        }
        self.displayName = name
        self.localPart = local
        self.domain = domain
    }

    /// The address as typed: `local@domain`.
    public var addrSpec: String { "\(localPart)@\(domain)" }

    /// The address with the domain in ASCII (IDNA A-labels): what goes into headers
    /// and onto the SMTP envelope.
    public var asciiAddrSpec: String { "\(localPart)@\(asciiDomain)" }

    /// The domain in ASCII form (punycode for internationalized labels).
    public var asciiDomain: String {
        if domain.hasPrefix("[") { return domain }
        return Punycode.asciiDomain(domain) ?? domain
    }

    public var description: String {
        if let displayName { return "\(displayName) <\(addrSpec)>" }
        return addrSpec
    }

    // MARK: parsing

    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || atextSymbols.contains(scalar))
    }

    /// A display name is either a quoted-string or free text; free text may hold any
    /// printable character except those that would end or confuse the address (`<`, `>`, `"`).
    private static func parseDisplayName(_ raw: String) -> String? {
        if raw.hasPrefix("\"") && raw.hasSuffix("\"") && raw.count >= 2 {
            var result = ""
            var escaped = false
            for character in raw.dropFirst().dropLast() {
                if escaped { result.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == "\"" { return nil }
                result.append(character)
            }
            return escaped ? nil : result
        }
        if raw.contains(where: { $0 == "<" || $0 == ">" || $0 == "\"" }) { return nil }
        if raw.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return nil }
        return raw
    }

    private static func parseAddrSpec(_ spec: String) -> (String, String)? {
        guard spec.utf8.count <= 254, let at = spec.lastIndex(of: "@") else { return nil }
        let local = String(spec[..<at])
        let domain = String(spec[spec.index(after: at)...])
        guard isValidLocalPart(local), isValidDomain(domain) else { return nil }
        return (local, domain)
    }

    private static func isValidLocalPart(_ local: String) -> Bool {
        guard !local.isEmpty, local.utf8.count <= 64 else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
            var escaped = false
            for scalar in local.unicodeScalars.dropFirst().dropLast() {
                guard scalar.isASCII, scalar.value >= 0x20, scalar.value != 0x7F else { return false }
                if escaped { escaped = false; continue }
                if scalar == "\\" { escaped = true; continue }
                if scalar == "\"" { return false }
            }
            return !escaped
        }
        return local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
            !atom.isEmpty && atom.unicodeScalars.allSatisfy(isAtext)
        }
    }

    private static func isValidDomain(_ domain: String) -> Bool {
        if domain.hasPrefix("[") {
            // A domain literal: only the IPv4 and IPv6 forms that mail software accepts.
            guard domain.hasSuffix("]") else { return false }
            let inner = domain.dropFirst().dropLast()
            return !inner.isEmpty && inner.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isASCIIHexDigit || $0 == "." || $0 == ":" || "IPv".unicodeScalars.contains($0))
            }
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard !labels.isEmpty else { return false }
        for label in labels {
            guard !label.isEmpty, !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
            for scalar in label.unicodeScalars {
                if scalar.isASCII {
                    guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" else { return false }
                } else {
                    // Internationalized labels: letters, marks and digits only.
                    let category = scalar.properties.generalCategory
                    switch category {
                    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                         .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                        continue
                    default:
                        return false
                    }
                }
            }
        }
        guard let ascii = Punycode.asciiDomain(domain) else { return false }
        return ascii.utf8.count <= 253 && ascii.split(separator: ".").allSatisfy { $0.utf8.count <= 63 }
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
