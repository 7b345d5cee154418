import Synchronization

/// The configuration methods of the Swift kinds defined in this process, found by
/// the address of the C function their descriptor lists for them (a libffi
/// closure, see ``FFIClosure``).
///
/// An invoker whose function is one of these hands its checked arguments to the
/// method's binding as Swift values, instead of laying them out for libffi and
/// having the closure read them back: the body receives the same values and its
/// errors come back the same way (see ``MethodInvoker``), without the C round
/// trip (its cost is in BENCHMARKS.md, under the C bridge).
/// C hosts calling the function pointer still go through the closure.
///
/// Entries are never removed: a descriptor and its closures live until the process
/// exits (see ``ModalKindDescriptor``), so an address here never comes to mean
/// anything else.
///
/// Thread safety: any thread.
enum InProcessMethods {
    // Keyed by the address's bits: a pointer is not Sendable, an integer is.
    private static let bindings = Mutex<[UInt: MethodBinding]>([:])

    /// Records that the closure at `function` runs `binding`.
    static func register(_ binding: MethodBinding, at function: UnsafeRawPointer) {
        let key = UInt(bitPattern: function)
        bindings.withLock { $0[key] = binding }
    }

    /// The binding the closure at `function` runs, or nil when `function` is not
    /// one of this process's Swift methods (a plugin's C function).
    static func binding(at function: UnsafeRawPointer) -> MethodBinding? {
        let key = UInt(bitPattern: function)
        return bindings.withLock { $0[key] }
    }
}
