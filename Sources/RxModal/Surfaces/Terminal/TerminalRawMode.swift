import Glibc
import RxModalPluginABI

/// Raw mode on one terminal file descriptor through termios: on while a
/// terminal surface shows something, off again on every way out.
///
/// Raw here means: no line editing (ICANON), no echo, no flow control or
/// CR-to-NL translation on input, one byte at a time (VMIN 1). ISIG stays on,
/// so Ctrl-C still raises SIGINT, which `TerminalSignalGuard` turns into
/// "restore, then die of SIGINT" — the exit status (130 in a shell) that
/// scripts expect from an interrupted dialog tool. Output processing (OPOST)
/// stays on as well.
///
/// Not thread-safe: the surface calls it under its lock.
struct TerminalRawMode {
    let fd: Int32
    private var saved = termios()
    /// The settings `enter` switched to (meaningful while `isOn`).
    private(set) var rawSettings = termios()
    private(set) var isOn = false

    init(fd: Int32) { self.fd = fd }

    /// Saves the current settings and switches to raw mode. Throws `ModalError`
    /// when `fd` is not a terminal or refuses the change.
    mutating func enter() throws {
        guard !isOn else { return }
        guard tcgetattr(fd, &saved) == 0 else {
            throw ModalError.plugin(code: Int32(RXM_ERR_IO), message: "terminal: cannot read the terminal settings of fd \(fd): \(String(cString: strerror(errno)))")
        }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            throw ModalError.plugin(code: Int32(RXM_ERR_IO), message: "terminal: cannot switch fd \(fd) to raw mode: \(String(cString: strerror(errno)))")
        }
        rawSettings = raw
        isOn = true
    }

    /// The settings `enter` saved (meaningful while `isOn`).
    var savedSettings: termios { saved }

    /// Puts back the settings saved by `enter` (pending input is kept).
    mutating func leave() {
        guard isOn else { return }
        _ = tcsetattr(fd, TCSANOW, &saved)
        isOn = false
    }
}
