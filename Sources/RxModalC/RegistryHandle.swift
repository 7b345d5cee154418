import Foundation
import RxModal

/// What an `rxm_registry *` points to: a registry loaded once, its coordinator,
/// and C copies of the names and skip reasons it lists (borrowed by callers for
/// the handle's lifetime). Immutable after init; safe from any thread.
final class RegistryHandle: @unchecked Sendable {
    let registry: ModalRegistry
    let coordinator: ModalCoordinator
    let kindNames: [UnsafeMutablePointer<CChar>]
    let skippedPaths: [UnsafeMutablePointer<CChar>]
    let skippedReasons: [UnsafeMutablePointer<CChar>]

    /// A registry on `searchPath`, its plugins read by the scanner process when
    /// there is one, so a plugin that crashes while its descriptor is read is
    /// only skipped.
    convenience init(searchPath: PluginSearchPath) {
        self.init(registry: ModalRegistry(searchPath: searchPath,
                                          scanning: .standard(environment: ProcessInfo.processInfo.environment)))
    }

    init(registry: ModalRegistry) {
        self.registry = registry
        coordinator = ModalCoordinator(registry: registry)
        kindNames = registry.kindNames.map(CStrings.copy)
        let skipped = registry.skipped
        skippedPaths = skipped.map { CStrings.copy($0.path) }
        skippedReasons = skipped.map { CStrings.copy($0.reason.description) }
    }

    deinit {
        for pointer in kindNames + skippedPaths + skippedReasons { free(pointer) }
    }

    /// A colon-separated list of directories, or the standard path for nil.
    static func searchPath(from list: String?) -> PluginSearchPath {
        guard let list else { return .standard() }
        return .explicit(list.split(separator: ":", omittingEmptySubsequences: true).map(String.init))
    }
}
