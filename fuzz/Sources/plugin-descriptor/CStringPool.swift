/// NUL-terminated copies of input fields that live until `free()`.
struct CStringPool {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    mutating func add(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        pointers.append(pointer)
        return UnsafePointer(pointer)
    }

    func free() { pointers.forEach { $0.deallocate() } }
}
