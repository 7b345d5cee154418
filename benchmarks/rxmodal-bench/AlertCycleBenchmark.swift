import Foundation
import RxCore
import RxModal

/// A full subscribe → present → choose → value → dismiss cycle of an alert on
/// the scripted surface (the issue's "aim under 20 µs").
///
/// Each cycle: `RxModal.alert(title:actions:)` with two actions is subscribed
/// from this thread; the coordinator looks the kind up, makes the plugin's
/// configuration and calls setTitle and addAction ×2 through the libffi
/// invokers, then hops to the scripted surface's queue to call the alert
/// plugin's present (spec built in C, bridged to a Swift value, validated,
/// recorded in the transcript); the surface answers *asynchronously on its
/// queue* (a second dispatch), the plugin emits the value, the coordinator
/// dismisses and completes, the façade runs the chosen action's `mapTo`
/// observable; this thread waits on a semaphore for completion and disposes.
/// So a cycle includes two queue hops and a thread wake-up, not only the
/// runtime's own work. The transcript keeps one record per cycle (it grows).
/// Minimum and median of the rounds, in µs per cycle.
///
/// The floor is that much without the runtime, measured in the same rounds: a
/// block queued on a serial queue that queues a second one there, which signals
/// the semaphore this thread waits on. No cycle can take less on this machine.
func runAlertCycleBenchmark(cycles: Int, rounds: Int) {
    print("rxmodal-bench: alert cycle on the scripted surface (µs per cycle, wall clock)")
    var perCycle: [Double] = []
    var floorPerCycle: [Double] = []
    let floorQueue = DispatchQueue(label: "rxmodal-bench.floor")
    func microseconds(_ elapsed: Duration, _ count: Int) -> Double {
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(count)
    }
    for round in 0...rounds {   // round 0 warms up and is not counted
        let count = round == 0 ? min(cycles, 1_000) : cycles
        let script = SurfaceScript(steps: Array(repeating: ScriptStep(answer: .choose(.title("OK"), typing: nil, fields: nil)), count: count))
        let surface = ScriptedSurface(script: script)
        let alert = RxModal.alert(presenter: .surface(surface), title: "Benchmark",
                                  actions: [.cancel(title: "Cancel"), .default(title: "OK", mapTo: 1)])
        let done = DispatchSemaphore(value: 0)
        var failures = 0
        var firstError: (any Error)?
        let start = ContinuousClock.now
        for _ in 0..<count {
            let subscription = alert.subscribe { event in
                switch event {
                case .next: break
                case .error(let error):
                    failures += 1
                    if firstError == nil { firstError = error }
                    done.signal()
                case .completed: done.signal()
                }
            }
            done.wait()
            subscription.dispose()
        }
        let elapsed = ContinuousClock.now - start
        if failures > 0 {
            // A failed cycle ends early and would pass for a fast one: no figure at all.
            print("  round \(round): \(failures) of \(count) cycles failed (\(firstError.map { "\($0)" } ?? "?")); no figure")
            if case .pluginUnavailable? = firstError as? ModalError {
                print("  (build the plugins first: swift build -c release)")
            }
            return
        }
        if round > 0 { perCycle.append(microseconds(elapsed, count)) }

        let floorStart = ContinuousClock.now
        for _ in 0..<count {
            floorQueue.async { floorQueue.async { done.signal() } }
            done.wait()
        }
        if round > 0 { floorPerCycle.append(microseconds(ContinuousClock.now - floorStart, count)) }
    }
    perCycle.sort()
    floorPerCycle.sort()
    let median = perCycle[perCycle.count / 2], floorMedian = floorPerCycle[floorPerCycle.count / 2]
    func format(_ value: Double) -> String { String(format: "%.2f", value) }
    print("  \(cycles) cycles × \(rounds) rounds: min \(format(perCycle[0])) µs, median \(format(median)) µs per cycle")
    print("  floor, two hops to a serial queue and a semaphore wake-up: min \(format(floorPerCycle[0])) µs, median \(format(floorMedian)) µs per cycle")
    print("  alert cycle ÷ floor (medians): \(format(median / floorMedian)) ×")
}
