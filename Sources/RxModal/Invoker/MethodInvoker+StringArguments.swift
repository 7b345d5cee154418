import Foundation

/// Arguments given as text, as on the command line: each string is read
/// according to its argument's kind, then checked and passed as any other.
extension MethodInvoker {
    /// Calls the method with one string per argument (see `values(fromStrings:)`).
    public func invoke(config: UnsafeMutableRawPointer, stringArguments: [String]) throws {
        try invoke(config: config, arguments: values(fromStrings: stringArguments))
    }

    /// Reads one string per argument:
    ///
    /// - `b` true/false, yes/no or 1/0, in any case;
    /// - `i` a decimal integer in the 64-bit range;
    /// - `d` a finite decimal number (`2`, `-0.5`, `1e3`);
    /// - `s` the string itself;
    /// - `y` the string's UTF-8 bytes;
    /// - `S` a JSON array of strings (`["a","b"]`), or else a comma-separated
    ///   list whose items are trimmed of spaces (an empty string is an empty list);
    /// - `v` JSON text.
    ///
    /// Throws `ModalError.invalidArgument` naming the argument that cannot be read.
    public func values(fromStrings strings: [String]) throws -> [ModalValue] {
        let kinds = signature.kinds
        guard strings.count == kinds.count else { throw countMismatch(got: strings.count) }
        return try zip(kinds.indices, strings).map { index, text in try value(from: text, as: kinds[index], at: index) }
    }

    private func value(from text: String, as kind: MethodSignature.Kind, at index: Int) throws -> ModalValue {
        switch kind {
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw invalid(at: index, "“\(text)” is not a boolean (true/false, yes/no, 1/0)")
            }
        case .int:
            guard let number = Int64(text) else {
                throw invalid(at: index, "“\(text)” is not a decimal integer in the 64-bit range")
            }
            return .int(number)
        case .double:
            let decimal = !text.isEmpty && text.allSatisfy { "0123456789+-.eE".contains($0) }
            guard decimal, let number = Double(text), number.isFinite else {
                throw invalid(at: index, "“\(text)” is not a finite decimal number")
            }
            return .double(number)
        case .string:
            return .string(text)
        case .bytes:
            return .bytes(Array(text.utf8))
        case .strings:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                let parsed: ModalValue
                do { parsed = try ModalValue(json: trimmed) } catch let error as ModalError {
                    throw invalid(at: index, "“\(text)” looks like a JSON array but is not valid: \(error)")
                }
                guard case .array(let items) = parsed, items.allSatisfy({ $0.stringValue != nil }) else {
                    throw invalid(at: index, "“\(text)” is not a JSON array of strings")
                }
                return parsed
            }
            if trimmed.isEmpty { return .array([]) }
            return .array(text.split(separator: ",", omittingEmptySubsequences: false).map {
                .string($0.trimmingCharacters(in: .whitespaces))
            })
        case .value:
            do { return try ModalValue(json: text) } catch let error as ModalError {
                throw invalid(at: index, "“\(text)” is not JSON: \(error)")
            }
        }
    }
}
