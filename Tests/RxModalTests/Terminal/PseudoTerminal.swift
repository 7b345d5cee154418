import XCTest
import Foundation
import Glibc
@testable import RxModal

/// A real pseudo-terminal for driving `TerminalSurface`: the surface gets the
/// slave side, the test types into the master and reads back what was drawn.
/// A background thread drains the master all the time, so the surface never
/// blocks on a full buffer.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private let lock = NSCondition()
    private var received: [UInt8] = []
    private var stopping = false
    private var drained = false

    init(columns: UInt16 = 100, rows: UInt16 = 40) throws {
        var masterFD: Int32 = -1
        var slaveFD: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else {
            throw XCTSkip("openpty failed: \(String(cString: strerror(errno)))")
        }
        master = masterFD
        slave = slaveFD
        Thread.detachNewThread { [self] in drain() }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop { break }
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 50) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            lock.lock()
            received += buffer[0..<count]
            lock.broadcast()
            lock.unlock()
        }
        lock.lock()
        drained = true
        lock.broadcast()
        lock.unlock()
    }

    /// Sends bytes as if typed.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the surface wrote so far, as sent.
    var bytes: [UInt8] {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    /// Everything the surface wrote so far, bytes as sent.
    var raw: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    /// Everything written so far with escape sequences and carriage returns removed.
    var text: String { TerminalScreenText.strip(raw) }

    /// Waits (at most `seconds`) until the stripped output, from `offset`
    /// characters on, contains `needle`; returns whether it did.
    @discardableResult
    func waitFor(_ needle: String, after offset: Int = 0, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock(); defer { lock.unlock() }
        while true {
            let text = TerminalScreenText.strip(String(decoding: received, as: UTF8.self))
            if text.count >= offset, text.dropFirst(offset).contains(needle) { return true }
            if !lock.wait(until: deadline) { return false }
        }
    }

    /// Waits (at most `seconds`) until the bytes received so far end with
    /// `suffix`: what the surface wrote is read by the drain thread a moment later.
    func rawEnds(with suffix: String, seconds: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock(); defer { lock.unlock() }
        while true {
            if String(decoding: received, as: UTF8.self).hasSuffix(suffix) { return true }
            if !lock.wait(until: deadline) { return false }
        }
    }

    /// The termios settings of the slave now.
    func settings() -> termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }

    func close() {
        lock.lock()
        stopping = true
        let deadline = Date().addingTimeInterval(1)
        while !drained && lock.wait(until: deadline) {}
        lock.unlock()
        Glibc.close(slave)
        Glibc.close(master)
    }
}

enum TerminalScreenText {
    /// `text` without CSI/OSC escape sequences and carriage returns.
    static func strip(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                guard let next = scalars.popFirst() else { break }
                if next == "[" {
                    while let byte = scalars.popFirst(), !(0x40...0x7E).contains(byte.value) {}
                } else if next == "]" {
                    while let byte = scalars.popFirst(), byte != "\u{07}" {}
                }
                continue
            }
            if scalar == "\r" { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

/// The termios fields raw mode changes, to compare before and after.
struct TerminalSettingsSnapshot: Equatable {
    let input: tcflag_t
    let output: tcflag_t
    let local: tcflag_t
    let minimum: UInt8
    let time: UInt8

    init(_ settings: termios) {
        var copy = settings
        input = settings.c_iflag
        output = settings.c_oflag
        local = settings.c_lflag
        (minimum, time) = withUnsafeBytes(of: &copy.c_cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
    }

    var isCanonicalWithEcho: Bool { local & tcflag_t(ICANON) != 0 && local & tcflag_t(ECHO) != 0 }
}

extension TerminalSurface {
    /// A surface on the slave of `pty`, colors on, unless `environment` says otherwise.
    static func on(_ pty: PseudoTerminal, environment: [String: String] = ["TERM": "xterm"]) -> TerminalSurface {
        TerminalSurface(input: pty.slave, output: pty.slave, environment: environment)
    }
}

/// Shows `spec` on `surface`, lets `drive` type keys once `waitText` is drawn,
/// and returns the outcome; always dismisses.
func presentAndDrive(_ surface: TerminalSurface, _ pty: PseudoTerminal, _ spec: ModalValue, waitFor waitText: String,
                     file: StaticString = #filePath, line: UInt = #line,
                     _ drive: () -> Void) throws -> Result<ModalValue, ModalError>? {
    let probe = PresentationProbe()
    let presentation = try surface.show(spec: spec, onResult: probe.onResult, onError: probe.onError)
    defer { surface.dismiss(presentation) }
    XCTAssertTrue(pty.waitFor(waitText), "never drew “\(waitText)”; screen:\n\(pty.text)", file: file, line: line)
    drive()
    let outcome = probe.wait()
    XCTAssertNotNil(outcome, "no answer within 5 s; screen:\n\(pty.text)", file: file, line: line)
    XCTAssertFalse(probe.wasCalled(on: pthread_self()), "answered inside show", file: file, line: line)
    return outcome
}
