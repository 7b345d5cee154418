import XCTest
@testable import RxCore
#if canImport(Glibc)
import Glibc
#endif

/// What a critical section of ``SpinLock`` promises about references.
///
/// A reference copied inside the section must be retained before the section
/// ends. Otherwise another thread can take the lock, replace the reference and
/// release the object's last reference between the unlock and the late retain,
/// which then revives freed memory. Single-threaded reasoning allows that move:
/// the slot still holds the object until the unlock. The optimizer only makes
/// it in an optimized build. So this test counts only in the suite's optimized
/// run (`scripts/test` runs the core's tests a second time, built with `-c release`).
///
/// The retain is seen through the Swift runtime's retain hook: the runtime calls
/// `_swift_retain` through a pointer when instrumentation asks for it.
final class SpinLockTests: RxTestCase {
    func testAReferenceCopiedInsideTheSectionIsRetainedBeforeItEnds() throws {
        try assertRetainedInsideTheSection(copyInsideSection)
    }

    func testAReferenceCopiedThroughWithLockIsRetainedBeforeItEnds() throws {
        try assertRetainedInsideTheSection(copyThroughWithLock)
    }

    private func assertRetainedInsideTheSection(
        _ copyUnderLock: (UnsafeMutablePointer<SpinLock>, UnsafeMutablePointer<Probe?>) -> Probe?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let lock = UnsafeMutablePointer<SpinLock>.allocate(capacity: 1)
        lock.initialize(to: SpinLock())
        let slot = UnsafeMutablePointer<Probe?>.allocate(capacity: 1)
        slot.initialize(to: Probe())
        defer {
            slot.deinitialize(count: 1); slot.deallocate()
            lock.deinitialize(count: 1); lock.deallocate()
        }
        let objectAddress = Unmanaged.passUnretained(slot.pointee!).toOpaque()

        var copy: Probe?
        let retains = try RetainWatch.count(retainsOf: objectAddress, lockByte: UnsafeRawPointer(lock)) {
            copy = copyUnderLock(lock, slot)
        }
        XCTAssertTrue(copy === slot.pointee, file: file, line: line)
        XCTAssertGreaterThan(retains.total, 0, "the copy was never retained: the watch saw nothing", file: file, line: line)
        XCTAssertGreaterThan(retains.whileLocked, 0,
                             "the copy was retained after the unlock (\(retains.total) retains, none inside the section)",
                             file: file, line: line)
    }
}

private final class Probe {}

// Not inlined, so that the section is compiled as library code is: on its own,
// with the optimizer free to move the retain within it.
@inline(never)
private func copyInsideSection(_ lock: UnsafeMutablePointer<SpinLock>, _ slot: UnsafeMutablePointer<Probe?>) -> Probe? {
    lock.pointee.lock()
    let copy = slot.pointee
    lock.pointee.unlock()
    return copy
}

@inline(never)
private func copyThroughWithLock(_ lock: UnsafeMutablePointer<SpinLock>, _ slot: UnsafeMutablePointer<Probe?>) -> Probe? {
    lock.pointee.withLock { slot.pointee }
}

/// Counts the retains of one object while `body` runs, and how many of them
/// found the lock held. (Retains outside the section, which a debug build
/// makes, find it released; they are counted in the total only.) The hook runs
/// on every thread's retains, so it touches only plain values and calls the
/// runtime's own retain.
private enum RetainWatch {
    typealias RetainFunction = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?

    nonisolated(unsafe) static var watched: UnsafeMutableRawPointer?
    nonisolated(unsafe) static var lockByte: UnsafeRawPointer?
    nonisolated(unsafe) static var original: RetainFunction?
    nonisolated(unsafe) static var total = 0
    nonisolated(unsafe) static var whileLocked = 0

    static func count(retainsOf object: UnsafeMutableRawPointer, lockByte: UnsafeRawPointer,
                      during body: () -> Void) throws -> (total: Int, whileLocked: Int) {
        let hook = try XCTUnwrap(dlsym(nil, "_swift_retain"), "the runtime has no retain hook")
            .assumingMemoryBound(to: RetainFunction?.self)
        let enabled = try XCTUnwrap(dlsym(nil, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly"))
            .assumingMemoryBound(to: Bool.self)
        // SpinLock is one atomic Bool: its byte says whether the lock is held.
        XCTAssertEqual(MemoryLayout<SpinLock>.size, 1)
        watched = object
        Self.lockByte = lockByte
        total = 0
        whileLocked = 0
        original = hook.pointee
        hook.pointee = { object in
            if object == RetainWatch.watched {
                RetainWatch.total += 1
                if RetainWatch.lockByte!.load(as: UInt8.self) != 0 { RetainWatch.whileLocked += 1 }
            }
            return RetainWatch.original!(object)
        }
        enabled.pointee = true
        body()
        enabled.pointee = false
        hook.pointee = original
        watched = nil
        return (total, whileLocked)
    }
}
