import Glibc

/// Whether this test process has a controlling terminal, on which the default
/// presenter and `TerminalSurface.standard()` would rightly draw.
var processHasControllingTerminal: Bool {
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return false }
    close(fd)
    return true
}
