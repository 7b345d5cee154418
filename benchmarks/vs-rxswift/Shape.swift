// What a side of the comparison hands the driver: named shapes, each a closure that
// performs a known number of operations and returns a checksum. The driver knows
// nothing of either library; it only times these closures and compares checksums.

/// One measured shape. `run` performs `operations` operations of the kind `unit`
/// names ("event", "cycle", "element"…) and returns a checksum of what its
/// subscribers saw, which must be the same on both sides.
struct Shape {
    let family: String
    let name: String
    let unit: String
    let operations: Int
    let run: () -> Int
}

/// Where subscriber closures put what they see. A class, so that the closures
/// share it by reference and the optimizer cannot drop the work; the mixing
/// in `record` makes the checksum depend on the order of the values too.
final class Counter {
    var value = 0

    @inline(__always)
    func record(_ x: Int) {
        value = value &* 31 &+ x
    }

    /// Starts a call of a shape from the same state every time.
    @inline(__always)
    func reset() -> Counter {
        value = 0
        return self
    }
}
