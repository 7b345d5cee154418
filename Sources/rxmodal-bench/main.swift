// Benchmarks of the modal runtime.
// Run with: swift run -c release rxmodal-bench [--plugins N] [--rounds R]
// Prints milliseconds; see RegistryBenchmark.swift for exactly what is timed.

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else {
        return value
    }
    return parsed
}

runRegistryBenchmark(pluginCount: option("--plugins", default: 7), rounds: option("--rounds", default: 15))
