import Foundation

/// The median of `rounds` timings of `body`, in nanoseconds per `operations`.
func medianNanoseconds(rounds: Int, operations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples.append(Double(elapsed) / Double(operations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

func formatted(_ nanoseconds: Double) -> String {
    nanoseconds >= 1000 ? String(format: "%.2f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
}
