import XCTest
import Foundation
import RxCore
@testable import RxModal

/// Which queue a presentation is made on: a serial surface's own queue (also one
/// defined outside the library), else the coordinator's.
final class PresentationQueueTests: RxTestCase {
    private static let queueName = DispatchSpecificKey<String>()

    private static func labelledQueue(_ name: String) -> DispatchQueue {
        let queue = DispatchQueue(label: name)
        queue.setSpecific(key: queueName, value: name)
        return queue
    }

    /// A serial surface defined outside the library; it shows nothing.
    private final class QueuedSurface: SerialModalSurface, @unchecked Sendable {
        let name = "queued"
        let queue = PresentationQueueTests.labelledQueue("surface's own")

        func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
                  onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
            throw ModalError.unsupported(kind: "queued", reason: "shows nothing")
        }
        func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {}
        func dismiss(_ presentation: SurfacePresentation) {}
    }

    /// A surface without a queue of its own.
    private final class PlainSurface: ModalSurface, @unchecked Sendable {
        let name = "plain"
        func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
                  onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
            throw ModalError.unsupported(kind: "plain", reason: "shows nothing")
        }
        func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {}
        func dismiss(_ presentation: SurfacePresentation) {}
    }

    /// Emits the name of the queue its `present` runs on, then completes.
    private final class QueueNamingKind: ModalKindDefinition, @unchecked Sendable {
        final class Configuration {}
        let name = "queue.naming"
        let version = "1.0.0"
        let summary = "Says where it is presented."
        let resultDescription = "the queue's name"
        func makeConfiguration() -> Configuration { Configuration() }
        var methods: [ModalKindMethod<Configuration>] { [] }
        func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
            observer.onNext(.string(DispatchQueue.getSpecific(key: PresentationQueueTests.queueName) ?? "none"))
            observer.onCompleted()
            return Disposables.create()
        }
    }

    private static let descriptor = try! ModalKindDescriptor(QueueNamingKind())

    private func queueName(presentingOn surface: any ModalSurface, coordinatorQueue: DispatchQueue) throws -> ModalValue? {
        let registry = ModalRegistry()
        try Self.descriptor.register(in: registry)
        let coordinator = ModalCoordinator(registry: registry, queue: coordinatorQueue)
        let recorder = EventRecorder<ModalValue>()
        let subscription = coordinator.present(kind: "queue.naming", presenter: .surface(surface)).subscribe(recorder.observer)
        defer { subscription.dispose() }
        recorder.waitForTerminal()
        XCTAssertTrue(recorder.completed, "\(recorder.events)")
        return recorder.elements.first
    }

    /// Disposed while its presentation waits on a busy queue, a subscription
    /// lets go of everything at once: the queue, when it gets to the presentation,
    /// finds nothing to show and nothing left to free.
    func testASubscriptionDisposedWhileItsPresentationIsQueuedIsFreedAtOnce() throws {
        let registry = ModalRegistry()
        try Self.descriptor.register(in: registry)
        let coordinator = ModalCoordinator(registry: registry)
        let surface = QueuedSurface()
        let busy = DispatchSemaphore(value: 0)
        surface.queue.async { busy.wait() }
        let before = Resources.total

        let recorder = EventRecorder<ModalValue>()
        var subscription: Disposable? = coordinator.present(kind: "queue.naming", presenter: .surface(surface))
            .subscribe(recorder.observer)
        XCTAssertGreaterThan(Resources.total, before)
        subscription?.dispose()
        subscription = nil
        XCTAssertEqual(Resources.total, before, "freed by dispose, not when the queue runs")

        busy.signal()
        surface.queue.sync {}
        XCTAssertEqual(Resources.total, before)
        XCTAssertTrue(recorder.events.isEmpty, "\(recorder.events)")
    }

    func testEachSurfaceSaysWhichQueueItsPresentationsAreMadeOn() throws {
        let scripted = try ScriptedSurface(json: "[]")
        let queued = QueuedSurface()
        XCTAssertTrue((scripted as any ModalSurface).presentationQueue === scripted.queue)
        XCTAssertTrue((queued as any ModalSurface).presentationQueue === queued.queue)
        XCTAssertNil((PlainSurface() as any ModalSurface).presentationQueue)
    }

    func testASerialSurfaceIsPresentedOnItsQueueAndOthersOnTheCoordinators() throws {
        let coordinatorQueue = Self.labelledQueue("coordinator's")
        XCTAssertEqual(try queueName(presentingOn: QueuedSurface(), coordinatorQueue: coordinatorQueue), "surface's own")
        XCTAssertEqual(try queueName(presentingOn: PlainSurface(), coordinatorQueue: coordinatorQueue), "coordinator's")
    }
}
