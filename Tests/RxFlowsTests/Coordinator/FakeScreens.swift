import RxCore
import RxTesting

/// A screen of the fake UI: only a name.
class FakeScreen {
    let name: String
    init(name: String) { self.name = name }
}

/// A navigation stack and modal presenter without UIKit: it records each push,
/// present and dismiss with its virtual time.
final class FakeScreenStack {
    private let time: VirtualTime
    private(set) var log: [Recorded<String>] = []
    private(set) var stack: [FakeScreen] = []
    private(set) var presented: [FakeScreen] = []

    init(time: VirtualTime) { self.time = time }

    func push(_ screen: FakeScreen) {
        stack.append(screen)
        log.append(Recorded(time: time.clock, value: "push \(screen.name)"))
    }

    func present(_ screen: FakeScreen) {
        presented.append(screen)
        log.append(Recorded(time: time.clock, value: "present \(screen.name)"))
    }

    func dismiss(_ screen: FakeScreen) {
        presented.removeAll { $0 === screen }
        log.append(Recorded(time: time.clock, value: "dismiss \(screen.name)"))
    }
}
