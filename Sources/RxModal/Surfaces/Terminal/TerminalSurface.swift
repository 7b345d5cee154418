import Foundation
import Glibc
import RxCore
import RxModalPluginABI

/// A surface for a person at a terminal, and for scripts through pipes.
///
/// Two modes (see docs/guides/TerminalSurface.md):
/// - **interactive** (input is a TTY; ``standard(environment:)`` uses the
///   controlling terminal whenever there is one): raw mode through termios, keys read one
///   by one, each primitive drawn and redrawn in place (`DialogScreen`,
///   `ChoiceScreen`, `FormScreen`). Raw mode (with a hidden cursor and
///   bracketed paste) is switched on when the first presentation is shown and
///   off as soon as none is left waiting for the user: after an answer, an
///   error or a dismissal, and from the handlers of `TerminalSignalGuard`
///   (SIGINT/SIGTERM erase the dialog, restore the terminal and re-raise;
///   Ctrl-Z restores and stops, `fg` takes raw mode back and redraws; a
///   resize redraws). A screen is cut into rows by the surface and never takes
///   more rows than the window has (`TerminalViewport` scrolls the rest), so
///   each redraw erases exactly the rows of the last one.
/// - **line mode** (input is not a TTY; for ``standard(environment:)``, no
///   controlling terminal): each primitive is printed as plain
///   text with numbered actions or items, and answers are read line by line
///   (`LineConversation`), so a pipe can drive it.
///
/// `NO_COLOR` and `TERM=dumb` are honored (`TerminalStyle`).
///
/// A presentation shown while another waits replaces it on screen and gets the
/// keys; when it is answered or dismissed, the one below is drawn again.
/// openURL draws nothing: it starts the browser (`URLOpener`) on the surface's
/// work queue and answers `{"opened": true}` once it has started.
///
/// Timing (the `ModalSurface` contract): keys are read and answers delivered on
/// the surface's reader thread (openURL's on its work queue), never inside
/// `show` and not before `show` has returned; `dismiss` from another thread
/// waits for a callback in progress, from inside it returns at once; after
/// `dismiss` returns no callback starts. The terminal is restored before the
/// callback runs, so a callback may print or exit.
///
/// Each live (shown, not yet dismissed) presentation counts in
/// `Resources.total`.
///
/// Thread safety: every method may be called from any thread. One lock (an
/// NSCondition) guards all state and every write to the terminal; it is never
/// held while a callback runs.
public final class TerminalSurface: ModalSurface, @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        /// Keys from a TTY in raw mode, screens drawn in place.
        case interactive
        /// Plain text out, answers read line by line.
        case lines
    }

    public let name = "terminal"
    public let mode: Mode
    public let style: TerminalStyle
    public let inputFD: Int32
    public let outputFD: Int32

    /// The hook for editing a multi-line ("text") form field in an external
    /// editor, called on Ctrl-X Ctrl-E with the field's text; it returns the new text
    /// (nil keeps the old). The terminal is out of raw mode while it runs, and
    /// it runs on the reader thread with the surface's lock not held. Nil by
    /// default (text fields are edited inline), except on ``standard(environment:)``'s
    /// interactive surface, where it launches `$VISUAL`/`$EDITOR` (``ExternalEditor``).
    public var textEditor: (@Sendable (String) -> String?)? {
        get { condition.lock(); defer { condition.unlock() }; return editorHook }
        set { condition.lock(); editorHook = newValue; condition.unlock() }
    }

    private let environment: [String: String]
    private let ownedFDs: [Int32]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let workQueue = DispatchQueue(label: "rxmodal.terminal-surface.open-url")

    /// Guards everything below and signals phase changes.
    private let condition = NSCondition()
    private var entries: [UInt64: TerminalEntry] = [:]
    /// Presentations waiting for the user, bottom to top; the top one is drawn.
    private var stack: [UInt64] = []
    private var readerRunning = false
    private var rawMode: TerminalRawMode
    /// The columns each row of the drawn screen takes, top to bottom; empty
    /// when nothing is drawn.
    private var drawnRowWidths: [Int] = []
    /// The window's width when the screen was drawn.
    private var drawnColumns = 80
    private var editorHook: (@Sendable (String) -> String?)?

    /// A surface reading `input` and drawing on `output` (neither is closed by
    /// the surface). `mode` defaults to interactive when `input` is a TTY, else
    /// line mode; interactive mode with a non-TTY input (keys from a pipe)
    /// needs `output` to be a TTY, which then gets raw mode. `environment`
    /// supplies TERM, NO_COLOR, BROWSER and PATH.
    public convenience init(input: Int32, output: Int32, environment: [String: String] = ProcessInfo.processInfo.environment,
                mode: Mode? = nil) {
        self.init(input: input, output: output, environment: environment, mode: mode, owning: [])
    }

    private init(input: Int32, output: Int32, environment: [String: String], mode: Mode?, owning: [Int32]) {
        inputFD = input
        outputFD = output
        self.environment = environment
        ownedFDs = owning
        let resolvedMode = mode ?? (isatty(input) == 1 ? .interactive : .lines)
        self.mode = resolvedMode
        // In line mode nothing is redrawn in place, and a pipe wants no escapes.
        let base = TerminalStyle(environment: environment)
        style = resolvedMode == .lines ? TerminalStyle(usesEscapes: false, usesColor: false) : base
        rawMode = TerminalRawMode(fd: isatty(input) == 1 ? input : output)
        var pipeFDs: [Int32] = [-1, -1]
        if pipe(&pipeFDs) != 0 { pipeFDs = [-1, -1] }
        for fd in pipeFDs where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
    }

    /// The surface a command-line program wants: interactive on the
    /// controlling terminal whenever the process has one
    /// (``onControllingTerminal(environment:)``), whatever standard input and
    /// output are; else line mode reading standard input and writing to
    /// standard error (so standard output stays free for the result).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalSurface {
        onControllingTerminal(environment: environment)
            ?? TerminalSurface(input: STDIN_FILENO, output: STDERR_FILENO, environment: environment, mode: .lines, owning: [])
    }

    /// An interactive surface that draws on and reads keys from the process's
    /// controlling terminal (`/dev/tty`), or nil when the process has none.
    /// Standard input and output are left alone — they may be a pipe the
    /// caller's script reads, or the file the result goes to — as dialog and
    /// whiptail leave them. Its `textEditor` is the user's editor
    /// (`ExternalEditor`: $VISUAL/$EDITOR, as git picks them), on the terminal.
    public static func onControllingTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalSurface? {
        guard let tty = ControllingTerminal.open() else { return nil }
        let surface = TerminalSurface(input: tty, output: tty, environment: environment, mode: .interactive, owning: [tty])
        if let editor = ExternalEditor(environment: environment, inputFD: tty, outputFD: tty) {
            surface.textEditor = { editor.edit($0) }
        }
        return surface
    }

    deinit {
        for fd in [wakeRead, wakeWrite] + ownedFDs where fd >= 0 { close(fd) }
    }

    // MARK: ModalSurface

    public func show(spec: ModalValue,
                     onResult: @escaping @Sendable (ModalValue) -> Void,
                     onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        let primitive = try SurfaceSpec.validate(spec)
        // Line mode reads answers from standard input: progress there would be
        // a question nobody can answer, so it is refused (the header allows it).
        if primitive == .progress && mode != .interactive {
            throw ModalError.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "the terminal's line mode shows no progress")
        }
        // The desktop's file chooser and mail client are the desktop surface's.
        if primitive == .files || primitive == .composeEmail {
            throw ModalError.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: primitive == .files
                ? "the terminal surface has no file chooser (the desktop surface has: --surface desktop)"
                : "the terminal surface cannot hand a message to a mail client (the desktop surface can: --surface desktop)")
        }
        let presentation = SurfacePresentation(primitive: primitive)
        let entry = TerminalEntry(presentation: presentation, spec: spec, onResult: onResult, onError: onError)
        condition.lock()
        if primitive == .openURL {
            entries[presentation.id] = entry
            let command = URLOpener.command(for: spec, environment: environment)
            let environment = self.environment
            workQueue.async { [self] in
                let outcome: Result<ModalValue, ModalError>
                do {
                    try URLOpener.start(command, environment: environment)
                    outcome = .success(["opened": true])
                } catch {
                    outcome = .failure(error as? ModalError ?? .plugin(code: Int32(RXM_ERR_IO), message: "\(error)"))
                }
                condition.lock()
                let delivery = finishLocked(presentation.id, outcome)
                condition.unlock()
                deliver(delivery, for: entry)
            }
        } else {
            if mode == .interactive {
                entry.screen = TerminalScreens.make(for: spec, primitive: primitive)
            } else {
                entry.conversation = LineConversation(spec: spec, primitive: primitive)
            }
            if stack.isEmpty {
                do { try beginSessionLocked() } catch { condition.unlock(); throw error }
            } else {
                eraseLocked()
            }
            entries[presentation.id] = entry
            stack.append(presentation.id)
            if let conversation = entry.conversation {
                writeLocked(conversation.opening())
            } else {
                drawTopLocked()
            }
            if readerRunning {
                wakeReader()
            } else {
                readerRunning = true
                Thread.detachNewThread { [self] in readKeys() }
            }
        }
        condition.unlock()
        Resources.incrementTotal()

        // Opens the gate every delivery waits at, so no answer precedes our return.
        condition.lock()
        entry.showReturned = true
        condition.broadcast()
        condition.unlock()
        return presentation
    }

    public func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {
        condition.lock()
        defer { condition.unlock() }
        guard let entry = entries[presentation.id], entry.presentation === presentation, entry.isWaiting else {
            throw ModalError.invalidArgument(method: "update", reason: "\(presentation) is not shown on this surface (answered, dismissed, or from another surface)")
        }
        entry.spec = try SurfaceSpec.applying(patch, to: entry.spec)
        entry.screen?.update(spec: entry.spec)
        entry.conversation?.update(spec: entry.spec)
        if stack.last == presentation.id {
            if let conversation = entry.conversation {
                writeLocked(conversation.repeatQuestion())
            } else {
                eraseLocked()
                drawTopLocked()
            }
        }
    }

    public func dismiss(_ presentation: SurfacePresentation) {
        condition.lock()
        defer { condition.unlock() }
        guard let entry = entries[presentation.id], entry.presentation === presentation else { return }
        while case .delivering(let thread) = entry.phase, pthread_equal(thread, pthread_self()) == 0 {
            condition.wait()
        }
        guard entries[presentation.id] != nil else { return }   // dismissed concurrently while we waited
        entry.phase = .dismissed
        entries[presentation.id] = nil
        takeDownLocked(presentation.id)
        Resources.decrementTotal()
    }

    // MARK: the session (raw mode, cursor)

    private func beginSessionLocked() throws {
        guard mode == .interactive else { return }
        try rawMode.enter()
        TerminalSignalGuard.activate(terminalFD: rawMode.fd, saved: rawMode.savedSettings, raw: rawMode.rawSettings,
                                     outputFD: outputFD, wakeFD: wakeWrite, usesEscapes: style.usesEscapes)
        // Hide the cursor; bracketed paste, so a pasted line break is text, not Enter.
        if style.usesEscapes { writeLocked("\u{1B}[?25l\u{1B}[?2004h") }
    }

    private func endSessionLocked() {
        guard mode == .interactive else { return }
        if style.usesEscapes { writeLocked("\u{1B}[?2004l\u{1B}[?25h") }
        TerminalSignalGuard.deactivate()
        rawMode.leave()
    }

    /// Removes `id` from the waiting stack: erases it if drawn, then draws the
    /// one below, or ends the session when none is left.
    private func takeDownLocked(_ id: UInt64) {
        guard let position = stack.firstIndex(of: id) else { return }
        let wasTop = position == stack.count - 1
        if wasTop { eraseLocked() }
        stack.remove(at: position)
        if stack.isEmpty {
            endSessionLocked()
            wakeReader()
        } else if wasTop, let top = entries[stack.last!] {
            if let conversation = top.conversation {
                writeLocked(conversation.resume())
            } else {
                drawTopLocked()
            }
        }
    }

    // MARK: drawing

    private func drawTopLocked() {
        guard let id = stack.last, let entry = entries[id], let screen = entry.screen else { return }
        let size = windowSize()
        // One row stays free for the cursor, so drawing never scrolls the dialog's top away.
        let rows = entry.viewport.rows(for: screen.drawing(style: style), columns: size.columns, height: size.rows - 1, style: style)
        var text = style.usesEscapes || drawnRowWidths.isEmpty ? "" : "\r\n"
        for row in rows { text += row + "\r\n" }
        // The signal handlers learn the rows first: a signal during the write erases them all.
        TerminalSignalGuard.setDrawnRows(style.usesEscapes ? rows.count : 0)
        writeLocked(text)
        drawnRowWidths = rows.map { TerminalColumns.width(of: $0) }
        drawnColumns = size.columns
    }

    /// Moves the cursor back to the top of the drawn screen and clears from
    /// there down. After the window narrowed, a terminal that reflows (tmux,
    /// VTE, kitty) has split each drawn row wider than the new width into
    /// several: those are counted too, so no stale row stays above.
    private func eraseLocked() {
        guard !drawnRowWidths.isEmpty else { return }
        if style.usesEscapes {
            let columns = windowSize().columns
            let rows = columns >= drawnColumns ? drawnRowWidths.count
                : drawnRowWidths.reduce(0) { $0 + max(1, ($1 + columns - 1) / columns) }
            writeLocked("\u{1B}[\(rows)A\r\u{1B}[J")
        }
        drawnRowWidths = []
        TerminalSignalGuard.setDrawnRows(0)
    }

    private func windowSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0 else { return (80, 24) }
        return (size.ws_col > 0 ? Int(size.ws_col) : 80, size.ws_row > 1 ? Int(size.ws_row) : 24)
    }

    /// Acts on what the signal handlers asked for: a redraw after a resize,
    /// and after the process was continued (Ctrl-Z, then fg).
    private func serveSignalRequestsLocked() {
        guard mode == .interactive, !stack.isEmpty else { return }
        let requests = TerminalSignalGuard.takeRequests()
        if requests.erased { drawnRowWidths = [] }
        // Without cursor movement a redraw for a new size would only print the screen again.
        guard requests.continued || (requests.resized && style.usesEscapes) else { return }
        eraseLocked()
        drawTopLocked()
    }

    private func writeLocked(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(outputFD, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }

    private func wakeReader() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: reading and answering

    private enum Input {
        case keys([TerminalKey])
        case lines([String])
        case end(String)
    }

    /// The reader thread: runs while some presentation waits for the user.
    private func readKeys() {
        var decoder = TerminalKeyDecoder()
        var lineBuffer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var ended: String?
        while true {
            condition.lock()
            if stack.isEmpty {
                readerRunning = false
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            if let ended {
                // Nothing more will come: whatever was shown since gets its answer now.
                handle(.end(ended))
                continue
            }

            var pollFDs = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollFDs, nfds_t(pollFDs.count), 250)
            if ready <= 0 { continue }
            if pollFDs[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drain, drain.count) > 0 {}
                condition.lock()
                serveSignalRequestsLocked()
                condition.unlock()
            }
            guard pollFDs[0].revents != 0 else { continue }
            let count = read(inputFD, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            let input: Input
            if count <= 0 {
                let reason = count == 0 ? "the input ended" : "cannot read the input: \(String(cString: strerror(errno)))"
                ended = reason
                if mode == .lines && !lineBuffer.isEmpty {
                    let last = String(decoding: lineBuffer, as: UTF8.self)
                    lineBuffer = []
                    handle(.lines([last]))
                }
                input = .end(reason)
            } else if mode == .interactive {
                input = .keys(decoder.keys(from: Array(buffer[0..<count])))
            } else {
                lineBuffer += buffer[0..<count]
                var lines: [String] = []
                while let newline = lineBuffer.firstIndex(of: 0x0A) {
                    var line = Array(lineBuffer[..<newline])
                    if line.last == 0x0D { line.removeLast() }
                    lines.append(String(decoding: line, as: UTF8.self))
                    lineBuffer.removeSubrange(...newline)
                }
                input = .lines(lines)
            }
            handle(input)
        }
    }

    /// Feeds input to the top presentation, one key or line at a time, and
    /// delivers answers (outside the lock) as they come, so that input after an
    /// answer goes to whatever is on top then (a presentation the callback
    /// showed, or the parent).
    private func handle(_ input: Input) {
        switch input {
        case .keys(let keys):
            for key in keys {
                if key == .editExternally { editExternally(); continue }
                condition.lock()
                guard let id = stack.last, let entry = entries[id], let screen = entry.screen else { condition.unlock(); continue }
                let outcome = screen.handle(key)
                var delivery: Delivery?
                switch outcome {
                case .redraw:
                    entry.viewport.followsFocus = true
                    eraseLocked()
                    drawTopLocked()
                case .ignored:
                    if entry.viewport.scroll(by: key) {
                        eraseLocked()
                        drawTopLocked()
                    }
                case .result(let value):
                    delivery = finishLocked(id, .success(value))
                }
                condition.unlock()
                if let delivery { deliver(delivery, for: entry) }
            }
        case .lines(let lines):
            for line in lines { answerLine(line) }
        case .end(let reason):
            // Every waiting presentation learns that no more input will come:
            // line mode answers what it can (a cancel), the rest get an error.
            while true {
                condition.lock()
                guard let id = stack.last, let entry = entries[id] else { condition.unlock(); return }
                let outcome: Result<ModalValue, ModalError>
                if let conversation = entry.conversation, let value = conversation.endOfInput() {
                    outcome = .success(value)
                } else {
                    outcome = .failure(.plugin(code: Int32(RXM_ERR_IO), message: "terminal: \(reason) before the \(entry.presentation.primitive.rawValue) was answered"))
                }
                let delivery = finishLocked(id, outcome)
                condition.unlock()
                deliver(delivery, for: entry)
            }
        }
    }

    private func answerLine(_ line: String) {
        condition.lock()
        guard let id = stack.last, let entry = entries[id], let conversation = entry.conversation else { condition.unlock(); return }
        let (output, value) = conversation.consume(line)
        writeLocked(output)
        var delivery: Delivery?
        if let value { delivery = finishLocked(id, .success(value)) }
        condition.unlock()
        if let delivery { deliver(delivery, for: entry) }
    }

    /// Ctrl-X Ctrl-E in a form's text field: hands its text to `textEditor` with the
    /// terminal restored, then takes raw mode back and redraws.
    private func editExternally() {
        condition.lock()
        guard let hook = editorHook, let id = stack.last, let form = entries[id]?.screen as? FormScreen,
              let text = form.focusedMultilineText else { condition.unlock(); return }
        eraseLocked()
        endSessionLocked()
        condition.unlock()
        let edited = hook(text)
        condition.lock()
        defer { condition.unlock() }
        // Everything may have been dismissed meanwhile: then the terminal stays restored.
        guard !stack.isEmpty else { return }
        do {
            try beginSessionLocked()
        } catch {
            // Raw mode cannot be had back: the top presentation cannot go on.
            let topID = stack.last!
            guard let entry = entries[topID] else { return }
            let failure = error as? ModalError ?? .plugin(code: Int32(RXM_ERR_IO), message: "\(error)")
            let delivery = finishLocked(topID, .failure(failure))
            condition.unlock()
            deliver(delivery, for: entry)
            condition.lock()
            return
        }
        if let edited, entries[id] != nil { form.replaceFocusedText(with: edited) }
        drawTopLocked()
    }

    private typealias Delivery = (() -> Void)?

    /// Decides the answer of `id` under the lock: waits for its `show` to have
    /// returned, takes it off the screen, and returns the callback to run (nil
    /// if it was answered or dismissed already).
    private func finishLocked(_ id: UInt64, _ outcome: Result<ModalValue, ModalError>) -> Delivery {
        guard let entry = entries[id] else { return nil }
        while !entry.showReturned { condition.wait() }
        guard entry.isWaiting, entries[id] != nil else { return nil }
        entry.phase = .delivering(pthread_self())
        takeDownLocked(id)
        switch outcome {
        case .success(let value): return { entry.onResult(value) }
        case .failure(let error): return { entry.onError(error) }
        }
    }

    private func deliver(_ delivery: Delivery, for entry: TerminalEntry) {
        guard let delivery else { return }
        delivery()
        condition.lock()
        if case .delivering = entry.phase { entry.phase = .answered }
        condition.broadcast()
        condition.unlock()
    }
}

/// The state of one presentation, guarded by its surface's lock (hence
/// `@unchecked Sendable`: it crosses to the work queue but is only touched under it).
private final class TerminalEntry: @unchecked Sendable {
    enum Phase {
        case waiting
        case delivering(pthread_t)
        case answered
        case dismissed
    }

    let presentation: SurfacePresentation
    var spec: ModalValue
    let onResult: @Sendable (ModalValue) -> Void
    let onError: @Sendable (ModalError) -> Void
    var screen: TerminalScreen?
    /// Which part of a screen taller than the window is shown.
    var viewport = TerminalViewport()
    var conversation: LineConversation?
    var showReturned = false
    var phase = Phase.waiting

    var isWaiting: Bool { if case .waiting = phase { return true } else { return false } }

    init(presentation: SurfacePresentation, spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
         onError: @escaping @Sendable (ModalError) -> Void) {
        self.presentation = presentation
        self.spec = spec
        self.onResult = onResult
        self.onError = onError
    }
}
