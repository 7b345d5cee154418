import RxCore
import RxModal

/// A modal kind that shows nothing and emits `count` values at once (its
/// integers), then completes: an event source fast enough that what is measured
/// is delivery, not a surface. Method: setCount(count) [i].
struct BurstKind: ModalKindDefinition {
    final class Configuration { var count: Int64 = 0 }

    let name = "burst"
    let version = "1.0.0"
    let summary = "Emits setCount values at once, then completes (for benchmarks)."
    let resultDescription = "count ints, then completed"

    func makeConfiguration() -> Configuration { Configuration() }

    var methods: [ModalKindMethod<Configuration>] {
        [ModalKindMethod("setCount", signature: "i", argumentNames: ["count"], doc: "How many values to emit.") { configuration, arguments in
            configuration.count = arguments[0].intValue ?? 0
        }]
    }

    func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
        for index in 0..<configuration.count { observer.onNext(.int(index)) }
        observer.onCompleted()
        return Disposables.create()
    }
}
