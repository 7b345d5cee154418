import Glibc

/// What the signal handler needs to put a terminal back, in memory it can read
/// without locks or allocation (async-signal-safe).
private struct SignalRestoreState {
    var active: Int32 = 0
    var terminalFD: Int32 = -1
    var outputFD: Int32 = -1
    var showCursor: Int32 = 0
    var saved = termios()
}

nonisolated(unsafe) private let restoreState: UnsafeMutablePointer<SignalRestoreState> = {
    let pointer = UnsafeMutablePointer<SignalRestoreState>.allocate(capacity: 1)
    pointer.initialize(to: SignalRestoreState())
    return pointer
}()

nonisolated(unsafe) private var previousActions: [Int32: sigaction] = [:]

/// SIGINT and SIGTERM while a terminal surface has the terminal in raw mode:
/// the handler puts the saved termios settings back, shows the cursor, and
/// re-raises the signal with its default action, so the process ends exactly as
/// it would have without us (status 128+signal in a shell) but leaves a usable
/// terminal behind. Outside raw mode the previous handlers are in place.
///
/// One terminal at a time: the state is process-wide (signal handlers are).
/// `activate`/`deactivate` are called by the surface under its lock; the
/// handler itself only reads the restore state (async-signal-safe).
enum TerminalSignalGuard {
    static let signals: [Int32] = [SIGINT, SIGTERM]

    static func activate(terminalFD: Int32, saved: termios, outputFD: Int32, showCursor: Bool) {
        // Mark inactive while the fields change, so a signal arriving now sees
        // either nothing to do or a complete state.
        restoreState.pointee.active = 0
        restoreState.pointee.terminalFD = terminalFD
        restoreState.pointee.outputFD = outputFD
        restoreState.pointee.showCursor = showCursor ? 1 : 0
        restoreState.pointee.saved = saved
        restoreState.pointee.active = 1
        for signalNumber in signals where previousActions[signalNumber] == nil {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreTerminalAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            if sigaction(signalNumber, &action, &previous) == 0 {
                previousActions[signalNumber] = previous
            }
        }
    }

    static func deactivate() {
        restoreState.pointee.active = 0
        for (signalNumber, previous) in previousActions {
            var action = previous
            sigaction(signalNumber, &action, nil)
        }
        previousActions = [:]
    }
}

private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    let state = restoreState
    if state.pointee.active != 0 {
        var saved = state.pointee.saved
        _ = tcsetattr(state.pointee.terminalFD, TCSANOW, &saved)
        if state.pointee.showCursor != 0 {
            // "\r\n\e[?25h": leave the line we were drawing on, show the cursor.
            var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (13, 10, 27, 91, 63, 50, 53, 104)
            _ = withUnsafeBytes(of: &bytes) { write(state.pointee.outputFD, $0.baseAddress, 8) }
        }
        state.pointee.active = 0
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
