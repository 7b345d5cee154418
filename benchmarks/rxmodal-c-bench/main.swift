// The C bridge's costs, in one process:
//   1. an event delivered to a C observer callback through an rxm_subscription,
//      against the same events delivered to a Swift closure subscribed to the
//      same kind through ModalCoordinator (the Swift API);
//   2. rxm_modal_subscribe + rxm_subscription_free (which disposes) from C,
//      against subscribe + dispose from Swift, for a modal disposed before it is
//      shown.
// Run with: swift run -c release rxmodal-c-bench [--events N] [--cycles C] [--rounds R]
// The C functions are called as a C host calls them (they are the @_cdecl
// functions themselves, with @convention(c) callbacks).

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else {
        return value
    }
    return parsed
}
let events = max(1, option("--events", default: 200_000))
let cycles = max(1, option("--cycles", default: 20_000))
let rounds = max(1, option("--rounds", default: 9))

try CBridgeBenchmark.run(events: events, cycles: cycles, rounds: rounds)
