import Foundation
import RxModal

/// What an `rxm_modal *` points to: a kind, the configuration calls made on it
/// (replayed on every subscription's fresh configuration), and one configuration
/// of its own that each call runs on at once, so a plugin's refusal is reported
/// to the caller of `rxm_modal_call` rather than later, at subscribe time.
///
/// Thread safety: any thread; `lock` serializes the calls into the checking
/// configuration (the plugin ABI forbids two at once) and guards `calls`.
final class ModalHandle: @unchecked Sendable {
    struct Call: Sendable {
        let method: String
        let arguments: [ModalValue]
    }

    let registry: RegistryHandle
    let kind: ModalKind
    let kindName: UnsafeMutablePointer<CChar>
    private let table: MethodTable
    private let lock = NSLock()
    // Guarded by `lock`.
    private let checking: ModalConfiguration
    private var calls: [Call] = []

    init(registry: RegistryHandle, kind: ModalKind) throws {
        self.registry = registry
        self.kind = kind
        table = try kind.methodTable()
        checking = try kind.makeConfiguration()
        kindName = CStrings.copy(kind.name)
    }

    deinit { free(kindName) }

    func call(_ method: String, _ arguments: [ModalValue]) throws {
        try lock.withLock {
            try table.invoke(name: method, config: checking.pointer, arguments: arguments)
            calls.append(Call(method: method, arguments: arguments))
        }
    }

    var recordedCalls: [Call] { lock.withLock { calls } }

    /// A configuration of this kind with `calls` made on it: a subscription's
    /// stand-in for its live configuration, on which calls are checked first.
    func checkingConfiguration(replaying calls: [Call]) throws -> ModalConfiguration {
        let configuration = try kind.makeConfiguration()
        for call in calls { try invoke(call.method, call.arguments, on: configuration) }
        return configuration
    }

    /// Calls `method` on `configuration` through this kind's method table. The
    /// caller makes sure no other call runs on that configuration at once.
    func invoke(_ method: String, _ arguments: [ModalValue], on configuration: ModalConfiguration) throws {
        try table.invoke(name: method, config: configuration.pointer, arguments: arguments)
    }

    func checkPrecondition() throws {
        try lock.withLock { try kind.checkPrecondition(checking) }
    }

    var authorizationStatus: ModalAuthorizationStatus {
        lock.withLock { kind.authorizationStatus(checking) }
    }
}
