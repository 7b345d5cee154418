import Synchronization

/// What this process's libffi closures (``FFIClosure``) run, found by the address
/// of their code: how the host recognises a function of a Swift kind defined in
/// this process and calls the Swift behind it directly (``InProcessMethods``,
/// ``ConfigurationMaker``).
///
/// Entries are never removed: a descriptor and its closures live until the process
/// exits (see ``ModalKindDescriptor``), so an address here never comes to mean
/// anything else.
///
/// Thread safety: any thread.
final class InProcessClosures<Context: Sendable>: Sendable {
    // Keyed by the address's bits: a pointer is not Sendable, an integer is.
    private let contexts = Mutex<[UInt: Context]>([:])

    /// Records that the closure whose code is at `code` runs `context`.
    func register(_ context: Context, at code: UnsafeRawPointer) {
        contexts.withLock { $0[UInt(bitPattern: code)] = context }
    }

    /// What the closure at `code` runs, or nil when `code` is not one of this
    /// process's closures (a plugin's C function).
    func context(at code: UnsafeRawPointer) -> Context? {
        contexts.withLock { $0[UInt(bitPattern: code)] }
    }
}
