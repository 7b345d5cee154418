/// A sink the optimizer cannot see through. Declared outside `main.swift`, whose
/// top-level variables are main-actor isolated and would add an isolation check
/// to every access from a benchmark closure.
final class Counter: @unchecked Sendable {
    var value = 0
}

let counter = Counter()

/// Two closures, one chosen at run time, so that the call cannot be inlined.
nonisolated(unsafe) let opaqueClosures: [(Int) -> Void] = [{ counter.value &+= $0 }, { counter.value &-= $0 }]
nonisolated(unsafe) let opaque = opaqueClosures[CommandLine.arguments.count > 99 ? 1 : 0]
