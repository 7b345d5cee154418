import Foundation
import RxCore
import RxModal
import RxModalC
import RxModalPluginABI

/// Counted by the C observer callback (a C function cannot capture).
nonisolated(unsafe) var cReceived = 0

/// The measurements described in main.swift. Runs on one thread.
enum CBridgeBenchmark {
    static func run(events: Int, cycles: Int, rounds: Int) throws {
        let registry = ModalRegistry()
        try ModalKindDescriptor(BurstKind()).register(in: registry)
        let coordinator = ModalCoordinator(registry: registry)
        let surface = try ScriptedSurface(json: "[]")

        // C side: the same registry, through the C API.
        let cRegistry = RxModalCBridge.registryHandle(for: registry)
        var cModal: OpaquePointer?
        var cPresenter: OpaquePointer?
        var cError = rxm_error()
        guard rxm_modal_new(cRegistry, "burst", &cModal, &cError) == 0,
              rxm_presenter_new_scripted("[]", &cPresenter, &cError) == 0 else {
            fatalError("setting up the C side failed")
        }
        var countArgument = rxm_int(Int64(events))
        _ = rxm_modal_call(cModal, "setCount", &countArgument, 1, &cError)

        let cObserver = rxm_observer(
            context: nil,
            on_next: { _, _ in cReceived += 1 },
            on_error: { _, error in fatalError("C observer got error \(error!.pointee.code)") },
            on_completed: { _ in })

        func deliverToC() {
            cReceived = 0
            var subscription: OpaquePointer?
            _ = rxm_modal_subscribe(cModal, cPresenter, nil, cObserver, &subscription, &cError)
            _ = rxm_subscription_wait(subscription, -1, &cError)
            rxm_subscription_free(subscription)
            precondition(cReceived == events, "C observer got \(cReceived) of \(events)")
        }

        func deliverToSwift() {
            var received = 0
            let done = DispatchSemaphore(value: 0)
            let subscription = coordinator.present(kind: "burst", presenter: .surface(surface)) { try $0.call("setCount", .int(Int64(events))) }
                .subscribe(onNext: { _ in received += 1 }, onCompleted: { done.signal() })
            done.wait()
            subscription.dispose()
            precondition(received == events, "Swift closure got \(received) of \(events)")
        }

        // Warm up both paths (metadata, libffi call interfaces), then alternate rounds.
        deliverToC(); deliverToSwift()
        let swiftEvent = medianNanoseconds(rounds: rounds, operations: events, deliverToSwift)
        let cEvent = medianNanoseconds(rounds: rounds, operations: events, deliverToC)

        // Subscribe + dispose: both sides configure setCount (one libffi call).
        var cCycleModal: OpaquePointer?
        guard rxm_modal_new(cRegistry, "burst", &cCycleModal, &cError) == 0 else { fatalError("C modal") }
        var oneArgument = rxm_int(1)
        _ = rxm_modal_call(cCycleModal, "setCount", &oneArgument, 1, &cError)
        func subscribeDisposeC() {
            for _ in 0..<cycles {
                var subscription: OpaquePointer?
                _ = rxm_modal_subscribe(cCycleModal, cPresenter, nil, cObserver, &subscription, &cError)
                rxm_subscription_free(subscription)
            }
            // Drain: one more, waited for, runs after every presentation queued above
            // (each finding its session ended) on the surface's serial queue.
            var last: OpaquePointer?
            _ = rxm_modal_subscribe(cCycleModal, cPresenter, nil, cObserver, &last, &cError)
            _ = rxm_subscription_wait(last, -1, &cError)
            rxm_subscription_free(last)
        }

        func subscribeDisposeSwift() {
            for _ in 0..<cycles {
                coordinator.present(kind: "burst", presenter: .surface(surface)) { try $0.call("setCount", .int(1)) }
                    .subscribe(onNext: { _ in }).dispose()
            }
            let done = DispatchSemaphore(value: 0)
            let last = coordinator.present(kind: "burst", presenter: .surface(surface)) { try $0.call("setCount", .int(1)) }
                .subscribe(onCompleted: { done.signal() })
            done.wait()
            last.dispose()
        }

        subscribeDisposeC(); subscribeDisposeSwift()
        let swiftCycle = medianNanoseconds(rounds: rounds, operations: cycles, subscribeDisposeSwift)
        let cCycle = medianNanoseconds(rounds: rounds, operations: cycles) {
            subscribeDisposeC()
        }

        print("events: \(events) per round, cycles: \(cycles) per round, rounds: \(rounds) (medians)")
        print("event to a Swift closure:        \(formatted(swiftEvent))")
        print("event to a C callback:           \(formatted(cEvent))   (\(String(format: "%.2f", cEvent / swiftEvent))× the Swift cost)")
        print("subscribe + dispose from Swift:  \(formatted(swiftCycle))")
        print("subscribe + dispose from C:      \(formatted(cCycle))")

        rxm_modal_free(cCycleModal)
        rxm_presenter_free(cPresenter)
        rxm_modal_free(cModal)
        rxm_registry_close(cRegistry)
    }
}
