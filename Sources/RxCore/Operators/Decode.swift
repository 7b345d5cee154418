import FoundationEssentials

/// Something that decodes a value from bytes: `JSONDecoder`, `PropertyListDecoder`,
/// or a decoder of one's own.
public protocol DataDecoder {
    @inlinable
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Each element decoded as `type`; bytes that do not decode end the sequence with
    /// the decoder's error.
    @inlinable
    public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}
