import FuzzSupport
@testable import RxModalMail

/// What a user types into a composer becomes message headers: addresses through
/// MailAddress, the subject and parameters through MIMEEncoding. Whatever the text,
/// a header must stay one header (no bare CR or LF, continuation lines start with
/// white space: no injected header), plain ASCII, and within RFC 5322's line
/// limit (quoted-printable within its own 76 characters).
@main
enum MailHeadersFuzz {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(fuzzBytes(data, size))
            MailHeadersFuzz.check(address: input.text(), text: input.text())
            return 0
        }
    }

    static func check(address: String, text: String) {
        if let parsed = try? MailAddress(parsing: address, field: "To") {
            expectHeader(MIMEEncoding.addressHeader(name: "To", addresses: [parsed, parsed]), maximumLine: 998)
        }
        // 78 characters is RFC 5322's "should" (runs of spaces may pass it, by
        // design: a line of white space alone is worse); 998 is its "must".
        expectHeader(MIMEEncoding.unstructuredHeader(name: "Subject", value: text), maximumLine: 998)
        for piece in MIMEEncoding.extendedParameter(name: "filename", value: text) {
            expectHeader(piece, maximumLine: 998)
        }
        if let quoted = MIMEEncoding.quotedParameter(text) { expectHeader("filename=\(quoted)", maximumLine: nil) }

        let body = MIMEEncoding.quotedPrintable(text)
        for line in body.split(separator: "\r\n", omittingEmptySubsequences: false) {
            if line.utf8.count > 76 { fuzzFailure("a quoted-printable line of \(line.utf8.count) characters: \(line)") }
            if line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 >= 0x80 }) {
                fuzzFailure("a quoted-printable line with a bare line break or a non-ASCII byte: \(line.debugDescription)")
            }
        }
    }

    /// One header field: ASCII, no NUL, CRLF only as folding (followed by white space).
    static func expectHeader(_ header: String, maximumLine: Int?) {
        let lines = header.split(separator: "\r\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 || $0 >= 0x80 }) {
                fuzzFailure("a header with a bare CR or LF, a NUL or a non-ASCII byte: \(header.debugDescription)")
            }
            if index > 0 && !(line.hasPrefix(" ") || line.hasPrefix("\t")) {
                fuzzFailure("a header line that is not a continuation (an injected header): \(header.debugDescription)")
            }
            if let maximumLine, line.utf8.count > maximumLine {
                fuzzFailure("a header line of \(line.utf8.count) characters, over \(maximumLine): \(header.debugDescription)")
            }
        }
    }
}
