import Foundation

/// The JSON form: objects with sorted keys (so that output is stable), bytes as
/// base64 strings (they read back as strings), integers without a fraction and
/// doubles with one. `Codable` serves Swift encoders of the user's choice;
/// ``init(json:)`` and ``json`` read and write the text themselves, so that
/// `2.0` stays a double (Foundation's coders turn it into an integer).
extension ModalValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ModalValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: ModalValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .bytes(let value): try container.encode(Data(value).base64EncodedString())
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text (``JSONReader``: a number with a fraction or exponent is
    /// a double, nesting is bounded by ``maximumDepth``, a key may appear once
    /// per object). Throws `ModalError.invalidJSON` saying what is wrong and where.
    public init(json: String) throws {
        do {
            self = try JSONReader.read(json)
        } catch {
            throw ModalError.invalidJSON(error.description)
        }
    }

    /// The value as compact JSON with sorted keys (``JSONWriter``): it reads back
    /// as the same value, a whole double still a double.
    public var json: String { JSONWriter.write(self) }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        default:
            return "\(error)"
        }
    }
}
