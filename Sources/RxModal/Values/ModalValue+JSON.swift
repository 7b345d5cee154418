import Foundation

/// The JSON form: objects with sorted keys (so that output is stable), bytes as
/// base64 strings (they read back as strings), integers without a fraction.
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

    /// Parses JSON text. Throws `ModalError.invalidJSON` with the parser's reason.
    public init(json: String) throws {
        do {
            self = try JSONDecoder().decode(ModalValue.self, from: Data(json.utf8))
        } catch {
            throw ModalError.invalidJSON(Self.describe(error))
        }
    }

    /// The value as compact JSON with sorted keys.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a ModalValue cannot fail: every case maps to a JSON value (a
        // non-finite double is written as null rather than failing).
        guard let data = try? encoder.encode(self.finiteForJSON) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// JSON has no NaN or infinities.
    private var finiteForJSON: ModalValue {
        switch self {
        case .double(let value) where !value.isFinite: return .null
        case .array(let items): return .array(items.map(\.finiteForJSON))
        case .object(let members): return .object(members.mapValues(\.finiteForJSON))
        default: return self
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        default:
            return "\(error)"
        }
    }
}
