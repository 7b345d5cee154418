import RxModalPluginABI

/// What a Swift kind's `config_new` runs: the context of its libffi closure,
/// and, for the host in this process, the function itself. A kind's
/// ``PluginBinding`` finds the maker by the address of its `config_new` and
/// then calls it directly, as ``InProcessMethods`` lets invokers call methods:
/// the same configuration and the same `rxm_error`, without the trip through
/// libffi. C hosts calling the function pointer still go through the closure.
///
/// Makers are kept in an ``InProcessClosures`` table.
///
/// Thread safety: immutable; `make` may run on any thread.
final class ConfigurationMaker: Sendable {
    private let make: @Sendable () throws -> ConfigurationBox

    init(make: @escaping @Sendable () throws -> ConfigurationBox) { self.make = make }

    /// `void *config_new(rxm_error *error)`: a retained box, or NULL with `error` filled.
    func newConfiguration(_ error: UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer? {
        do {
            return Unmanaged.passRetained(try make()).toOpaque()
        } catch let thrown {
            RxmErrorFilling.fill(error, with: thrown)
            return nil
        }
    }

    /// The closure's handler: `config_new`'s one argument in, its result out.
    static let handler: FFIClosure.Handler = { _, result, arguments, userData in
        let maker = Unmanaged<ConfigurationMaker>.fromOpaque(userData!).takeUnretainedValue()
        let error = arguments![0]!.load(as: UnsafeMutablePointer<rxm_error>?.self)
        result!.storeBytes(of: maker.newConfiguration(error), as: UnsafeMutableRawPointer?.self)
    }

    private static let registered = InProcessClosures<ConfigurationMaker>()

    /// Records that the closure at `function` runs `maker`.
    static func register(_ maker: ConfigurationMaker, at function: UnsafeRawPointer) {
        registered.register(maker, at: function)
    }

    /// The maker the closure at `function` runs, or nil when `function` is a
    /// plugin's own C function.
    static func inProcess(at function: UnsafeRawPointer) -> ConfigurationMaker? {
        registered.context(at: function)
    }
}
