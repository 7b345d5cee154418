import XCTest
import Dispatch
import RxModal
import RxModalPluginABI

/// A kind's methods by name: unknown names listed, call interfaces prepared once
/// per method and shared between threads, malformed tables refused up front.
final class MethodTableTests: RxTestCase {
    func testListsTheMethodsInPluginOrderAndTheirNamesSorted() throws {
        let table = try Fixtures.table()
        XCTAssertEqual(table.kind, "fixture")
        XCTAssertEqual(table.methods.first?.description, "setBool(flag: bool)")
        XCTAssertEqual(table.methods.map(\.name).count, 14)
        XCTAssertEqual(table.names, table.methods.map(\.name).sorted())
    }

    /// A large table finds its methods by hashing their names, a small one by
    /// comparing them: both find every method, and only those.
    func testALargeTableFindsEachMethodByNameAsASmallOneDoes() throws {
        let setInt = Fixtures.method("setInt")
        let extraNames = (1...20).map { strdup("setInt\($0)")! }
        defer { extraNames.forEach { free($0) } }
        var methods = Array(Fixtures.methods)
        methods += extraNames.map { name in
            rxm_method(name: UnsafePointer(name), signature: setInt.signature, function: setInt.function,
                       argument_names: setInt.argument_names, doc: setInt.doc)
        }
        let table = try methods.withUnsafeBufferPointer { try MethodTable(kind: "large", methods: $0) }
        XCTAssertEqual(table.methods.count, 34)
        let record = FixtureRecord()
        for number in 1...20 {
            try table.invoke(name: "setInt\(number)", config: record.config, arguments: [.int(Int64(number))])
            XCTAssertEqual(record.integer, Int64(number))
        }
        try table.invoke(name: "setString", config: record.config, arguments: ["found"])
        XCTAssertEqual(record.strings, ["found"])
        XCTAssertTrue(try table.invoker(named: "setInt3") === table.invoker(named: "setInt3"))
        XCTAssertFalse(try table.invoker(named: "setInt3") === table.invoker(named: "setInt4"))
        XCTAssertThrowsError(try table.invoker(named: "setInt21")) { error in
            guard case .unknownMethod("large", "setInt21", let known)? = error as? ModalError else { return XCTFail("\(error)") }
            XCTAssertEqual(known.count, 34)
        }
    }

    func testUnknownMethodListsTheKnownOnesSorted() throws {
        let record = FixtureRecord()
        let table = try Fixtures.table()
        XCTAssertThrowsError(try table.invoke(name: "setSubject", config: record.config, arguments: ["x"])) { error in
            XCTAssertEqual(error as? ModalError, .unknownMethod(kind: "fixture", method: "setSubject", known: [
                "addAttachment", "fail", "failSilently", "setBody", "setBool", "setBytes", "setDouble", "setInt",
                "setMixed", "setString", "setStrings", "setTwoValues", "setValue", "touch",
            ]))
        }
        XCTAssertThrowsError(try table.invoke(name: "setsubject", config: record.config, stringArguments: []))
        XCTAssertEqual(record.calls, 0)
    }

    func testEachMethodsCallInterfaceIsPreparedOnceOnItsFirstCall() throws {
        let record = FixtureRecord()
        let table = try Fixtures.table()
        let before = MethodInvoker.preparedInterfaceCount
        XCTAssertEqual(MethodInvoker.preparedInterfaceCount - before, 0, "made on first use, not with the table")
        for round in 0..<50 {
            try table.invoke(name: "setInt", config: record.config, arguments: [.int(Int64(round))])
        }
        XCTAssertEqual(MethodInvoker.preparedInterfaceCount - before, 1)
        for _ in 0..<50 {
            try table.invoke(name: "setBody", config: record.config, stringArguments: ["b", "no"])
            try table.invoke(name: "setInt", config: record.config, arguments: [1])
        }
        XCTAssertEqual(MethodInvoker.preparedInterfaceCount - before, 2)
        XCTAssertEqual(record.calls, 150)
        XCTAssertTrue(try table.invoker(named: "setInt") === table.invoker(named: "setInt"))
    }

    func testAFailedCheckDoesNotPrepareAgain() throws {
        let record = FixtureRecord()
        let table = try Fixtures.table()
        let before = MethodInvoker.preparedInterfaceCount
        XCTAssertThrowsError(try table.invoke(name: "setInt", config: record.config, arguments: ["no"]))
        XCTAssertThrowsError(try table.invoke(name: "setInt", config: record.config, arguments: []))
        try table.invoke(name: "setInt", config: record.config, arguments: [5])
        XCTAssertEqual(MethodInvoker.preparedInterfaceCount - before, 1)
        XCTAssertEqual(record.integer, 5)
    }

    func testConcurrentFirstCallsShareOneInvokerPerMethod() throws {
        let table = try Fixtures.table()
        let names = ["setInt", "setDouble", "setBool", "touch"]
        let records = (0..<8).map { _ in FixtureRecord() }   // one config per thread: the ABI's rule
        let seen = LockedInvokers()
        DispatchQueue.concurrentPerform(iterations: records.count) { worker in
            for round in 0..<200 {
                let name = names[(worker + round) % names.count]
                guard let invoker = try? table.invoker(named: name) else { return }
                seen.add(name, invoker)
                let arguments: [ModalValue] = name == "touch" ? [] : name == "setBool" ? [true] : [.int(Int64(round))]
                try? invoker.invoke(config: records[worker].config, arguments: arguments)
            }
        }
        XCTAssertEqual(seen.distinctInvokers(), ["setBool": 1, "setDouble": 1, "setInt": 1, "touch": 1])
        XCTAssertEqual(records.map(\.calls), Array(repeating: 200, count: records.count))
    }

    func testMalformedMethodsAreRefusedWhenTheTableIsMade() throws {
        func table(_ methods: [rxm_method]) throws -> MethodTable {
            try methods.withUnsafeBufferPointer { try MethodTable(kind: "broken", methods: $0) }
        }
        let good = Fixtures.method("setInt")
        var badSignature = good
        badSignature.signature = Fixtures.method("setBody").signature   // "sb" with the name list "value"
        XCTAssertThrowsError(try table([good, badSignature])) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue(
                "broken: method 2: method setInt: signature “sb” has 2 arguments but argument_names “value” names 1"))
        }
        var noFunction = good
        noFunction.function = nil
        XCTAssertThrowsError(try table([noFunction])) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("broken: method 1: method setInt has no function"))
        }
        var noName = good
        noName.name = nil
        XCTAssertThrowsError(try table([noName])) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("broken: method 1: method name is NULL"))
        }
        XCTAssertThrowsError(try table([good, good])) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("broken: method “setInt” is defined twice"))
        }
        XCTAssertEqual(try table([]).names, [])
    }

    func testInvalidUTF8InADescriptorStringIsRefused() throws {
        let bad: [CChar] = [0x73, -0x3F, 0]   // "s", then 0xC1
        var method = Fixtures.method("setString")
        try bad.withUnsafeBufferPointer { buffer in
            method.signature = buffer.baseAddress
            XCTAssertThrowsError(try MethodInvoker(method: method)) { error in
                XCTAssertEqual(error as? ModalError, .malformedValue("signature of setString is not valid UTF-8"))
            }
        }
    }
}

/// Which invokers the workers of a concurrency test saw, by method name.
private final class LockedInvokers: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: [ObjectIdentifier]] = [:]

    func add(_ name: String, _ invoker: MethodInvoker) {
        lock.lock()
        defer { lock.unlock() }
        seen[name, default: []].append(ObjectIdentifier(invoker))
    }

    func distinctInvokers() -> [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return seen.mapValues { Set($0).count }
    }
}
