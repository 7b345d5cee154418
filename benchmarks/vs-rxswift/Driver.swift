// Runs the shapes of both sides and the floors, round after round, and prints the
// comparison. It knows neither library: each side is a table of Shape values, and
// the two tables must name the same shapes in the same order.
import Dispatch
import Foundation

@main
enum Driver {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--memory-of", arguments.count == 4, let index = Int(arguments[1]), let count = Int(arguments[3]) {
            let shapes = arguments[2] == "RxSwift" ? RxSwiftShapes.memory() : RxCoreShapes.memory()
            Memory.measureHere(shapes[index], count: count)
        }
        let options = Options(arguments: arguments)
        let rxSwift = RxSwiftShapes.all(quick: options.quick).filter(options.selects)
        let rxCore = RxCoreShapes.all(quick: options.quick).filter(options.selects)
        let floors = Floors.all().filter(options.selects)
        guard rxSwift.map(\.name) == rxCore.map(\.name) else {
            fail("the two sides do not list the same shapes in the same order")
        }
        let rows = zip(rxSwift, rxCore).map { Row(rxSwift: Side(shape: $0, library: "RxSwift"), rxCore: Side(shape: $1, library: "RxCore")) }
        let floorRows = floors.map { Side(shape: $0, library: "floor") }
        let runner = Runner()

        // Calibration: a warm-up call, its checksum, and how many calls make a round
        // long enough to time (each side on its own: their speeds differ).
        log("calibrating \(rows.count) shapes and \(floorRows.count) floors, about \(Int(options.roundMilliseconds)) ms per shape per side per round")
        for row in rows {
            row.rxSwift.calibrate(milliseconds: options.roundMilliseconds, on: runner)
            if row.rxSwift.hung == nil { row.rxCore.calibrate(milliseconds: options.roundMilliseconds, on: runner) }
            if row.hung == nil && !row.checksumsMatch {
                log("checksum mismatch: \(row.name): RxSwift \(row.rxSwift.checksum), RxCore \(row.rxCore.checksum)")
            }
        }
        for floor in floorRows { floor.calibrate(milliseconds: options.roundMilliseconds, on: runner) }

        // Rounds interleave the sides shape by shape, so that a slow phase of the
        // machine costs both sides of a shape alike instead of one side all of it.
        for round in 1...options.rounds {
            log("round \(round)/\(options.rounds)")
            for row in rows where row.hung == nil {
                row.rxSwift.measureRound(round, on: runner)
                if row.rxSwift.hung == nil { row.rxCore.measureRound(round, on: runner) }
            }
            for floor in floorRows where floor.hung == nil { floor.measureRound(round, on: runner) }
        }

        let report = Report(rows: rows, floors: floorRows, rounds: options.rounds)
        print(report.markdown(), terminator: "")

        // Memory, the sides alternating round by round (outside the timed rounds).
        let memoryCount = options.quick ? 10_000 : 200_000
        if options.only == nil {
            log("memory: \(RxCoreShapes.memory().count) shapes, 3 fresh processes per side each")
            let pairs = RxCoreShapes.memory().enumerated().map { index, shape in
                var swiftRounds: [Double] = [], coreRounds: [Double] = []
                for _ in 0..<3 {
                    if let bytes = Memory.measureInChild(index: index, side: "RxSwift", count: memoryCount) { swiftRounds.append(bytes) }
                    if let bytes = Memory.measureInChild(index: index, side: "RxCore", count: memoryCount) { coreRounds.append(bytes) }
                }
                return (name: shape.name, rxSwift: swiftRounds, rxCore: coreRounds)
            }
            print(Memory.markdown(pairs, count: memoryCount), terminator: "")
        }

        let problems = rows.flatMap(\.problems) + floorRows.flatMap(\.problems)
        if !problems.isEmpty {
            for problem in problems { log("FAILED: \(problem)") }
            exit(1)
        }
    }
}

/// Command-line options of the executable (the script passes them through).
struct Options {
    var rounds = 7
    var roundMilliseconds = 25.0
    var quick = false
    /// Only shapes whose name contains this (for working on one shape).
    var only: String?

    init(arguments: [String]) {
        var roundsGiven = false
        var index = 0
        func value() -> String {
            index += 1
            guard index < arguments.count else { fail("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--quick":
                quick = true
                roundMilliseconds = 1
                if !roundsGiven { rounds = 2 }
            case "--rounds":
                guard let count = Int(value()), count > 0 else { fail("--rounds wants a positive whole number") }
                rounds = count
                roundsGiven = true
            case "--only":
                only = value()
            default:
                fail("unknown argument \(arguments[index]); usage: [--rounds N] [--quick] [--only TEXT]")
            }
            index += 1
        }
    }

    func selects(_ shape: Shape) -> Bool {
        only.map { shape.name.contains($0) } ?? true
    }
}

/// Runs jobs on a worker, and replaces a worker that does not come back in time.
final class Runner {
    private var worker = Worker()

    func run(timeout seconds: Double, _ job: @escaping () -> Void) -> Bool {
        if worker.run(timeout: seconds, job) { return true }
        worker = Worker()
        return false
    }
}

/// One shape on one side: its calibration and the figure of every round.
final class Side {
    /// How long the calibration of a shape may take: the slowest scaling rows take
    /// tens of seconds a call.
    static let calibrationTimeout = 300.0

    let shape: Shape
    let library: String
    private(set) var checksum = 0
    private(set) var callsPerRound = 1
    /// How long a round should take, in nanoseconds.
    private(set) var expectedRound = 0.0
    /// Nanoseconds per operation, one figure per round.
    private(set) var samples: [Double] = []
    private(set) var problems: [String] = []
    /// When a call did not return: where, for the report.
    private(set) var hung: String?

    init(shape: Shape, library: String) {
        self.shape = shape
        self.library = library
    }

    /// What a job on the worker hands back; read only once the job has returned.
    private final class Outcome {
        var checksum = 0
        var nanoseconds = 0.0
        var calls = 0
        var changedChecksum: Int?
    }

    func calibrate(milliseconds: Double, on runner: Runner) {
        // Time calls for about a quarter of a round, then scale up to a round. The
        // first call is a warm-up, and its timing is enough for a call that alone
        // takes longer than that (a slow scaling row is not run once more).
        let budget = milliseconds * 1e6 / 4
        let shape = self.shape
        let outcome = Outcome()
        let returned = runner.run(timeout: Self.calibrationTimeout) {
            let warmUpStart = now()
            outcome.checksum = shape.run()
            outcome.nanoseconds = Double(now() - warmUpStart)
            outcome.calls = 1
            guard outcome.nanoseconds < budget else { return }
            outcome.calls = 0
            let start = now()
            repeat {
                let result = shape.run()
                if result != outcome.checksum { outcome.changedChecksum = result }
                outcome.calls += 1
            } while Double(now() - start) < budget
            outcome.nanoseconds = Double(now() - start)
        }
        guard returned else {
            give(up: "calibration")
            return
        }
        checksum = outcome.checksum
        note(outcome.changedChecksum)
        let perCall = outcome.nanoseconds / Double(outcome.calls)
        callsPerRound = max(1, Int((milliseconds * 1e6 / perCall).rounded()))
        expectedRound = perCall * Double(callsPerRound)
    }

    func measureRound(_ round: Int, on runner: Runner) {
        let shape = self.shape, calls = callsPerRound, checksum = self.checksum
        let outcome = Outcome()
        // Far longer than the round should take: only a call that never returns
        // runs into this.
        let timeout = max(20, 50 * expectedRound / 1e9)
        let returned = runner.run(timeout: timeout) {
            let start = now()
            for _ in 0..<calls {
                let result = shape.run()
                if result != checksum { outcome.changedChecksum = result }
            }
            outcome.nanoseconds = Double(now() - start)
        }
        guard returned else {
            give(up: "round \(round)")
            return
        }
        note(outcome.changedChecksum)
        samples.append(outcome.nanoseconds / Double(calls * shape.operations))
    }

    private func give(up phase: String) {
        hung = "\(library), \(phase)"
        problems.append("\(library): \(shape.name): a call did not return (\(phase)); the shape was given up")
        log("\(library): \(shape.name): a call did not return (\(phase)); going on without this shape")
    }

    private func note(_ changedChecksum: Int?) {
        if let changedChecksum, !problems.contains(where: { $0.contains("checksum changed") }) {
            problems.append("\(library): \(shape.name): the checksum changed between calls (\(checksum), then \(changedChecksum))")
        }
    }
}

/// A shape on both sides.
struct Row {
    let rxSwift: Side
    let rxCore: Side

    var name: String { rxSwift.shape.name }
    var hung: String? { rxSwift.hung ?? rxCore.hung }
    var checksumsMatch: Bool { rxSwift.checksum == rxCore.checksum }

    var problems: [String] {
        let mismatch = hung == nil && !checksumsMatch ? ["\(name): RxSwift's checksum is \(rxSwift.checksum), RxCore's \(rxCore.checksum)"] : []
        return mismatch + rxSwift.problems + rxCore.problems
    }
}

/// A monotonic clock, in nanoseconds.
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Progress and failures go to stderr; stdout carries the table only. What stdout has
/// buffered goes out first, so that with both sent to one file a progress line never
/// lands inside a line of the table.
func log(_ message: String) {
    fflush(stdout)
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func fail(_ message: String) -> Never {
    log("error: \(message)")
    exit(2)
}
