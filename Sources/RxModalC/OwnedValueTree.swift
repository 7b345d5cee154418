import Foundation
import RxModal
import RxModalPluginABI

/// A C value tree that owns its memory: every block it allocates is freed with
/// it. What an `rxm_document *` points to. Immutable after init; any thread.
final class OwnedValueTree: @unchecked Sendable {
    let root: UnsafeMutablePointer<rxm_value>
    private var blocks: [UnsafeMutableRawPointer] = []

    init(_ value: ModalValue) {
        root = UnsafeMutablePointer<rxm_value>.allocate(capacity: 1)
        root.initialize(to: rxm_null())
        root.pointee = build(value)
    }

    deinit {
        for block in blocks { free(block) }
        root.deallocate()
    }

    private func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let block = malloc(max(1, count) * MemoryLayout<T>.stride)!
        blocks.append(block)
        return block.bindMemory(to: T.self, capacity: max(1, count))
    }

    private func cString(_ text: String) -> UnsafePointer<CChar> {
        let copy = CStrings.copy(text)
        blocks.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    private func build(_ value: ModalValue) -> rxm_value {
        switch value {
        case .null: return rxm_null()
        case .bool(let flag): return rxm_bool(flag)
        case .int(let number): return rxm_int(number)
        case .double(let number): return rxm_double(number)
        case .string(let text): return rxm_string_n(cString(text), text.utf8.count)
        case .bytes(let data):
            let pointer = allocate(UInt8.self, count: data.count)
            pointer.update(from: Array(data), count: data.count)
            return rxm_bytes(pointer, data.count)
        case .array(let items):
            let pointer = allocate(rxm_value.self, count: items.count)
            for (index, item) in items.enumerated() { (pointer + index).initialize(to: build(item)) }
            return rxm_array(pointer, items.count)
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            let pointer = allocate(rxm_member.self, count: sorted.count)
            for (index, member) in sorted.enumerated() {
                (pointer + index).initialize(to: rxm_member(key: cString(member.key), value: build(member.value)))
            }
            return rxm_object(pointer, sorted.count)
        }
    }
}
