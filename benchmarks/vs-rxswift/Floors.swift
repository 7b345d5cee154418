// Floors: the same work as some shapes do, done without either library, measured
// in the same run. A shape bound by the system (a queue hop, an allocation) can get
// no faster than its floor, whatever the library does, so its ratio says little
// once both sides are close to it.
import Dispatch

enum Floors {
    /// What a floor is the floor of, by shape name, for the table.
    static let floorOf: [String: String] = [
        "opaque closure call": "every per-event shape: one call per subscriber",
        "class allocation + release": "creation shapes: every subscription allocates",
        "object holding a new two-capture closure, called, released": "Disposables.create { } + dispose",
        "10 objects holding a new two-capture closure, kept in an array, then called and released": "DisposeBag churn: a bag of ten",
        "1k objects holding a new two-capture closure, kept in an array, then called and released": "DisposeBag with n disposables, n = 1k",
        "100k objects holding a new two-capture closure, kept in an array, then called and released": "DisposeBag with n disposables, n = 100k",
        "DispatchQueue.async per event to a serial queue": "observe(on: SerialDispatchQueueScheduler)",
        "DispatchQueue.async + semaphore wait, round trip": "subscribe(on: SerialDispatchQueueScheduler)",
    ]

    static func all() -> [Shape] {
        let n = 1_000
        var shapes: [Shape] = []
        let counter = Counter()

        // Two closures, one chosen at run time, so the call cannot be inlined.
        let closures: [(Int) -> Void] = [{ counter.record($0) }, { counter.record(-$0) }]
        let opaque = closures[CommandLine.arguments.count > 99 ? 1 : 0]
        shapes.append(Shape(family: "floor", name: "opaque closure call", unit: "call", operations: n) {
            let counter = counter.reset()
            for i in 0..<n { opaque(i) }
            return counter.value
        })

        // Stored into an object that outlives the loop, so the allocation is not
        // promoted to the stack; each store releases the previous box.
        let holder = Holder()
        shapes.append(Shape(family: "floor", name: "class allocation + release", unit: "object", operations: n) {
            let counter = counter.reset()
            for i in 0..<n {
                holder.box = Box(i)
                counter.record(holder.box!.value)
            }
            holder.box = nil
            return counter.value
        })

        // What a disposable made from a closure is: the closure's context (two
        // captures) and an object holding it, the closure called once, both freed.
        let actionHolder = ActionHolder()
        shapes.append(Shape(family: "floor", name: "object holding a new two-capture closure, called, released", unit: "object",
                            operations: n) {
            let counter = counter.reset()
            for i in 0..<n {
                actionHolder.box = ActionBox { counter.record(i) }
                actionHolder.box!.action()
            }
            actionHolder.box = nil
            return counter.value
        })

        // What a bag of disposables is, without either library: such objects kept
        // in an array that grows as they come, then each called and released. Kept
        // alive together, they cost more than one at a time (the allocator reuses
        // no block while they live, and frees them in a batch).
        for (kept, size) in [(10, "10"), (1_000, "1k"), (100_000, "100k")] {
            let arrays = max(1, n / kept)
            shapes.append(Shape(family: "floor", name: "\(size) objects holding a new two-capture closure, kept in an array, then called and released",
                                unit: "object", operations: arrays * kept) {
                let counter = counter.reset()
                for _ in 0..<arrays {
                    var boxes: [ActionBox] = []
                    for i in 0..<kept { boxes.append(ActionBox { counter.record(i) }) }
                    for box in boxes { box.action() }
                    actionHolder.boxes = boxes
                    actionHolder.boxes = []
                }
                return counter.value
            })
        }

        let queue = DispatchQueue(label: "bench.floor")
        shapes.append(Shape(family: "floor", name: "DispatchQueue.async per event to a serial queue", unit: "event", operations: n) {
            let counter = counter.reset()
            for i in 0..<n {
                queue.async { counter.record(i) }
            }
            queue.sync {}
            return counter.value
        })

        let done = DispatchSemaphore(value: 0)
        let cycles = n / 10
        shapes.append(Shape(family: "floor", name: "DispatchQueue.async + semaphore wait, round trip", unit: "cycle", operations: cycles) {
            let counter = counter.reset()
            for i in 0..<cycles {
                queue.async {
                    counter.record(i)
                    done.signal()
                }
                done.wait()
            }
            return counter.value
        })
        return shapes
    }

    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    private final class Holder {
        var box: Box?
    }

    private final class ActionBox {
        let action: () -> Void
        init(_ action: @escaping () -> Void) { self.action = action }
    }

    private final class ActionHolder {
        var box: ActionBox?
        /// Where a floor's array goes before it is released, so that it escapes.
        var boxes: [ActionBox] = []
    }
}
