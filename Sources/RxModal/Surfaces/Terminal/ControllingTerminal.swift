import Glibc

/// The process's controlling terminal, the one a person started it from,
/// reached through `/dev/tty` whatever standard input and output are — a pipe,
/// a file. dialog and whiptail do the same, which is what lets a script pipe
/// data through a loop and still ask its user (`find … | while read f; do
/// rxmodal …; done`).
///
/// Stateless; safe from any thread.
enum ControllingTerminal {
    /// A new read-write descriptor on the controlling terminal, closed on exec;
    /// nil when the process has none (a daemon, a CI job, `setsid`).
    static func open() -> Int32? {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }
}
