// Measures a configuration call through the libffi invoker against a direct C
// call of the same function (the aim is under 150 ns per call; the ratio is
// printed). Run in release:
//
//     swift run -c release rxmodal-invoker-bench [signature…]
//
// With signatures (i s sb idb v) only those rows run, for profiling.
//
// Both sides call the same fixture functions (Tests/RxModalTestFixtures), which
// record their arguments into a struct, so the function's own work is in both
// figures; the difference is the cost of the invoker: checking the arguments
// against the signature, building their C form in a temporary block, and
// ffi_call. Arguments are built once, outside the timed loop, as a façade that
// keeps its values would; "with lookup" also finds the method by name in a
// MethodTable (dictionary + mutex). Each figure is the best of several runs.
// The fixtures do almost nothing (a few stores), so "direct" is the cost of a
// plain C call. A last line gives the floor: ffi_call alone on a prepared cif
// with its argument block built once, which is what libffi itself costs.

@preconcurrency import CFFI
import Foundation
import RxModal
import RxModalPluginABI
import RxModalTestFixtures

// RXM_BENCH_ITERATIONS and RXM_BENCH_RUNS shrink the work, for valgrind.
let environment = ProcessInfo.processInfo.environment
let iterations = environment["RXM_BENCH_ITERATIONS"].flatMap { Int($0) } ?? 1_000_000
let runs = environment["RXM_BENCH_RUNS"].flatMap { Int($0) } ?? 7
let only = Set(CommandLine.arguments.dropFirst())
func wanted(_ signature: String) -> Bool { only.isEmpty || only.contains(signature) }

/// Nanoseconds per call of `body`, best of `runs`.
func measure(_ body: (Int) throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations { try body(index) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        best = min(best, Double(elapsed) / Double(iterations))
    }
    return best
}

let record = UnsafeMutablePointer<fx_record>.allocate(capacity: 1)
fx_record_reset(record)
let config = UnsafeMutableRawPointer(record)
var error = rxm_error()
let table = try MethodTable(kind: "fixture", methods: UnsafeBufferPointer(start: fx_methods(), count: fx_method_count()))

struct Row {
    let name: String
    let signature: String
    let direct: Double
    let invoker: Double
    let withLookup: Double
}
var rows: [Row] = []

// "i": setInt(value)
if wanted("i") {
    let invoker = try table.invoker(named: "setInt")
    let arguments: [ModalValue] = [.int(42)]
    let direct = measure { fx_set_int(config, Int64($0), &error) }
    let viaInvoker = try measure { _ in try invoker.invoke(config: config, arguments: arguments) }
    let viaTable = try measure { _ in try table.invoke(name: "setInt", config: config, arguments: arguments) }
    rows.append(Row(name: "setInt", signature: "i", direct: direct, invoker: viaInvoker, withLookup: viaTable))
}

// "s": setString(text), the shape of setTitle/setSubject
if wanted("s") {
    let invoker = try table.invoker(named: "setString")
    let arguments: [ModalValue] = ["Sign In"]
    let text = strdup("Sign In")!
    let direct = measure { _ in fx_set_string(config, text, &error) }
    let viaInvoker = try measure { _ in try invoker.invoke(config: config, arguments: arguments) }
    let viaTable = try measure { _ in try table.invoke(name: "setString", config: config, arguments: arguments) }
    free(text)
    rows.append(Row(name: "setString", signature: "s", direct: direct, invoker: viaInvoker, withLookup: viaTable))
}

// "sb": setBody(body, isHTML), the shape of setMessageBody
if wanted("sb") {
    let invoker = try table.invoker(named: "setBody")
    let arguments: [ModalValue] = ["Hello, this is the body of a message.", false]
    let body = strdup("Hello, this is the body of a message.")!
    let direct = measure { fx_set_body(config, body, $0 & 1 == 0, &error) }
    let viaInvoker = try measure { _ in try invoker.invoke(config: config, arguments: arguments) }
    let viaTable = try measure { _ in try table.invoke(name: "setBody", config: config, arguments: arguments) }
    free(body)
    rows.append(Row(name: "setBody", signature: "sb", direct: direct, invoker: viaInvoker, withLookup: viaTable))
}

// "idb": three scalars
if wanted("idb") {
    let invoker = try table.invoker(named: "setMixed")
    let arguments: [ModalValue] = [.int(7), .double(0.5), true]
    let direct = measure { fx_set_mixed(config, Int64($0), 0.5, true, &error) }
    let viaInvoker = try measure { _ in try invoker.invoke(config: config, arguments: arguments) }
    let viaTable = try measure { _ in try table.invoke(name: "setMixed", config: config, arguments: arguments) }
    rows.append(Row(name: "setMixed", signature: "idb", direct: direct, invoker: viaInvoker, withLookup: viaTable))
}

// "v": a small value tree (built as a C tree per call by ModalValue.withCValue)
if wanted("v") {
    let invoker = try table.invoker(named: "setValue")
    let value: ModalValue = ["title": "OK", "style": "default"]
    let arguments = [value]
    let direct = value.withCValue { tree in measure { _ in fx_set_value(config, tree, &error) } }
    let viaInvoker = try measure { _ in try invoker.invoke(config: config, arguments: arguments) }
    let viaTable = try measure { _ in try table.invoke(name: "setValue", config: config, arguments: arguments) }
    rows.append(Row(name: "setValue", signature: "v", direct: direct, invoker: viaInvoker, withLookup: viaTable))
}

// The floor: libffi alone, for fx_set_int(config, value, error).
var floor = Double.nan
if wanted("i") {
    func address(_ type: UnsafeMutablePointer<ffi_type>) -> UnsafeMutablePointer<ffi_type>? { type }
    var types = [address(&ffi_type_pointer), address(&ffi_type_sint64), address(&ffi_type_pointer)]
    var cif = ffi_cif()
    guard ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 3, &ffi_type_sint32, &types) == FFI_OK else { fatalError("ffi_prep_cif") }
    var configArgument: UnsafeMutableRawPointer? = config
    var value: Int64 = 42
    var errorArgument: UnsafeMutableRawPointer? = withUnsafeMutablePointer(to: &error) { UnsafeMutableRawPointer($0) }
    let function = unsafeBitCast(fx_set_int as @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<rxm_error>?) -> Int32,
                                 to: (@convention(c) () -> Void).self)
    withUnsafeMutablePointer(to: &configArgument) { configSlot in
        withUnsafeMutablePointer(to: &value) { valueSlot in
            withUnsafeMutablePointer(to: &errorArgument) { errorSlot in
                var slots: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(configSlot), UnsafeMutableRawPointer(valueSlot), UnsafeMutableRawPointer(errorSlot)]
                var returned: ffi_arg = 0
                floor = measure { _ in ffi_call(&cif, function, &returned, &slots) }
            }
        }
    }
}

guard record.pointee.calls > 0 else { fatalError("the fixtures were not called") }
record.deallocate()

func format(_ value: Double) -> String { String(format: "%8.1f", value) }
print("Configuration call: direct C call vs libffi invoker (ns per call, best of \(runs) × \(iterations))")
print("method     sig      direct   invoker   ratio   with lookup   ratio")
for row in rows {
    print(row.name.padding(toLength: 10, withPad: " ", startingAt: 0), row.signature.padding(toLength: 4, withPad: " ", startingAt: 0),
          format(row.direct), format(row.invoker), String(format: "%6.1fx", row.invoker / row.direct),
          "  ", format(row.withLookup), String(format: "%6.1fx", row.withLookup / row.direct))
}
print("(the \"v\" direct call reuses one prebuilt C tree; the invoker builds the tree on every call)")
if !floor.isNaN {
    print("floor: ffi_call alone for setInt, arguments prebuilt:", format(floor), "ns")
}
