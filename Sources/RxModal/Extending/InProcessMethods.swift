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
/// Kept in an ``InProcessClosures`` table. Thread safety: any thread.
enum InProcessMethods {
    private static let bindings = InProcessClosures<MethodBinding>()

    /// Records that the closure at `function` runs `binding`.
    static func register(_ binding: MethodBinding, at function: UnsafeRawPointer) {
        bindings.register(binding, at: function)
    }

    /// The binding the closure at `function` runs, or nil when `function` is not
    /// one of this process's Swift methods (a plugin's C function).
    static func binding(at function: UnsafeRawPointer) -> MethodBinding? {
        bindings.context(at: function)
    }
}
