import Glibc

/// What the signal handlers need to put a terminal back and to ask for a
/// redraw, in memory they can read and write without locks or allocation
/// (async-signal-safe).
private struct SignalRestoreState {
    var active: Int32 = 0
    var terminalFD: Int32 = -1
    var outputFD: Int32 = -1
    /// The surface's wake pipe: a byte written there wakes its reader thread.
    var wakeFD: Int32 = -1
    var usesEscapes: Int32 = 0
    /// Rows the screen drawn now takes, counted from the top of the dialog
    /// down to the cursor: the rows to erase.
    var drawnRows: Int32 = 0
    var saved = termios()
    var raw = termios()
    /// Requests for the reader thread, set by handlers, taken by `takeRequests`.
    var resized: Int32 = 0
    var continued: Int32 = 0
    var erased: Int32 = 0
}

nonisolated(unsafe) private let restoreState: UnsafeMutablePointer<SignalRestoreState> = {
    let pointer = UnsafeMutablePointer<SignalRestoreState>.allocate(capacity: 1)
    pointer.initialize(to: SignalRestoreState())
    return pointer
}()

/// Room for the escape sequences a handler writes, allocated before any handler runs.
nonisolated(unsafe) private let handlerBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)

nonisolated(unsafe) private var previousActions: [Int32: sigaction] = [:]

/// The signals that reach a process while a terminal surface has the terminal
/// in raw mode, and what each does:
/// - SIGINT (Ctrl-C) and SIGTERM: erase the dialog as an answer would, turn
///   bracketed paste off, show the cursor, put the saved termios settings
///   back, and re-raise the signal with its default action, so the process
///   ends exactly as it would have without us (status 128+signal in a shell).
/// - SIGTSTP (Ctrl-Z): the same restoring, then the process really stops;
///   when it is continued (`fg`), raw mode, the hidden cursor and bracketed
///   paste come back and the reader thread is asked to draw the dialog again.
/// - SIGCONT on its own (after a SIGSTOP, which cannot be caught): raw mode
///   back and a redraw, in case the shell changed the terminal meanwhile.
/// - SIGWINCH: the reader thread is asked to draw again for the new size.
/// Outside raw mode the previous handlers are in place.
///
/// One terminal at a time: the state is process-wide (signal handlers are).
/// `activate`, `deactivate`, `setDrawnRows` and `takeRequests` are called by the
/// surface under its lock; the handlers only touch the restore state and
/// write to file descriptors (async-signal-safe).
enum TerminalSignalGuard {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGTSTP, SIGCONT, SIGWINCH]

    /// What the handlers asked for since the last call.
    struct Requests {
        /// The window changed size.
        var resized: Bool
        /// The process was continued after a stop: the terminal is raw again.
        var continued: Bool
        /// A handler erased the dialog (Ctrl-Z): nothing of it is on the screen.
        var erased: Bool
    }

    static func activate(terminalFD: Int32, saved: termios, raw: termios, outputFD: Int32, wakeFD: Int32, usesEscapes: Bool) {
        // Mark inactive while the fields change, so a signal arriving now sees
        // either nothing to do or a complete state.
        restoreState.pointee.active = 0
        restoreState.pointee.terminalFD = terminalFD
        restoreState.pointee.outputFD = outputFD
        restoreState.pointee.wakeFD = wakeFD
        restoreState.pointee.usesEscapes = usesEscapes ? 1 : 0
        restoreState.pointee.saved = saved
        restoreState.pointee.raw = raw
        restoreState.pointee.drawnRows = 0
        restoreState.pointee.active = 1
        for signalNumber in signals where previousActions[signalNumber] == nil {
            var previous = sigaction()
            if install(handler(for: signalNumber), for: signalNumber, previous: &previous) {
                previousActions[signalNumber] = previous
            }
        }
    }

    static func deactivate() {
        restoreState.pointee.active = 0
        restoreState.pointee.drawnRows = 0
        for (signalNumber, previous) in previousActions {
            var action = previous
            sigaction(signalNumber, &action, nil)
        }
        previousActions = [:]
    }

    /// Tells the handlers how many rows to erase (see `SignalRestoreState.drawnRows`).
    static func setDrawnRows(_ rows: Int) {
        restoreState.pointee.drawnRows = Int32(clamping: rows)
    }

    static func takeRequests() -> Requests {
        let requests = Requests(resized: restoreState.pointee.resized != 0, continued: restoreState.pointee.continued != 0,
                                erased: restoreState.pointee.erased != 0)
        restoreState.pointee.resized = 0
        restoreState.pointee.continued = 0
        restoreState.pointee.erased = 0
        return requests
    }

    private static func handler(for signalNumber: Int32) -> @convention(c) (Int32) -> Void {
        switch signalNumber {
        case SIGTSTP: return stopAfterRestoring
        case SIGCONT: return resumeRawMode
        case SIGWINCH: return noteResize
        default: return restoreTerminalAndReraise
        }
    }

    @discardableResult
    fileprivate static func install(_ handler: @convention(c) (Int32) -> Void, for signalNumber: Int32,
                                    previous: UnsafeMutablePointer<sigaction>? = nil) -> Bool {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // Ending signals interrupt; the others must not make a read or write elsewhere fail.
        action.sa_flags = signalNumber == SIGINT || signalNumber == SIGTERM ? 0 : SA_RESTART
        return sigaction(signalNumber, &action, previous) == 0
    }
}

// MARK: the handlers (async-signal-safe: no locks, no allocation)

private func appendBytes(_ text: StaticString, at length: inout Int) {
    text.withUTF8Buffer { bytes in
        for byte in bytes where length < 64 { handlerBuffer[length] = byte; length += 1 }
    }
}

private func appendNumber(_ number: Int32, at length: inout Int) {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = max(0, number)
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat { buffer[count] = UInt8(48 + rest % 10); rest /= 10; count += 1 } while rest > 0 && count < 10
        while count > 0, length < 64 { count -= 1; handlerBuffer[length] = buffer[count]; length += 1 }
    }
}

/// Erases the dialog, shows the cursor, turns bracketed paste off, restores termios.
private func restoreTerminal() {
    let state = restoreState
    var length = 0
    if state.pointee.usesEscapes != 0 {
        if state.pointee.drawnRows > 0 {
            appendBytes("\u{1B}[", at: &length)
            appendNumber(state.pointee.drawnRows, at: &length)
            appendBytes("A\r\u{1B}[J", at: &length)
        }
        appendBytes("\u{1B}[?2004l\u{1B}[?25h", at: &length)
    } else {
        appendBytes("\r\n", at: &length)
    }
    _ = write(state.pointee.outputFD, handlerBuffer, length)
    var saved = state.pointee.saved
    _ = tcsetattr(state.pointee.terminalFD, TCSANOW, &saved)
}

/// Raw mode, hidden cursor and bracketed paste again, and a redraw requested.
private func reenterRawMode() {
    let state = restoreState
    var raw = state.pointee.raw
    _ = tcsetattr(state.pointee.terminalFD, TCSANOW, &raw)
    if state.pointee.usesEscapes != 0 {
        var length = 0
        appendBytes("\u{1B}[?25l\u{1B}[?2004h", at: &length)
        _ = write(state.pointee.outputFD, handlerBuffer, length)
    }
    state.pointee.continued = 1
    wakeReader()
}

private func wakeReader() {
    var byte: UInt8 = 1
    _ = write(restoreState.pointee.wakeFD, &byte, 1)
}

private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    if restoreState.pointee.active != 0 {
        restoreTerminal()
        restoreState.pointee.active = 0
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

private func stopAfterRestoring(_ signalNumber: Int32) {
    let wasActive = restoreState.pointee.active != 0
    if wasActive {
        restoreTerminal()
        restoreState.pointee.erased = 1
    }
    // Stop for real: the default action, with the signal unblocked (a handler runs with it blocked).
    signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    // Continued (fg).
    TerminalSignalGuard.install(stopAfterRestoring, for: SIGTSTP)
    if wasActive && restoreState.pointee.active != 0 { reenterRawMode() }
}

private func resumeRawMode(_ signalNumber: Int32) {
    if restoreState.pointee.active != 0 { reenterRawMode() }
}

private func noteResize(_ signalNumber: Int32) {
    restoreState.pointee.resized = 1
    if restoreState.pointee.active != 0 { wakeReader() }
}
