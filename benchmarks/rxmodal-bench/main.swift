// Benchmarks of the modal runtime.
// Run with: swift build -c release && .build/release/rxmodal-bench [--plugins N] [--rounds R] [--cycles C]
// (the whole build: the alert cycle needs the built plugins beside the program)
// Prints milliseconds for the registry (RegistryBenchmark.swift) and
// microseconds per alert cycle (AlertCycleBenchmark.swift); see those files for
// exactly what is timed.

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else {
        return value
    }
    return parsed
}

// The registry first: it times the first dlopen of the built plugins in the process.
runRegistryBenchmark(pluginCount: option("--plugins", default: 7), rounds: option("--rounds", default: 15))
runAlertCycleBenchmark(cycles: max(1, option("--cycles", default: 10_000)), rounds: max(1, min(option("--rounds", default: 15), 7)))
