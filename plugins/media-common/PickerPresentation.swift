import Foundation
import RxModalPluginABI
import SwiftPluginSupport
import RxModalMedia

/// One presentation of a picker: scans the library on a background thread
/// (so that the host's queue is not held for the scan), shows a "choice" on the
/// surface, and turns the answer into the modal's result value.
///
/// While the scan runs (seconds, for a large library read cold) it shows a
/// "progress" with the files seen so far, updated ten times a second. Giving
/// up there (Esc) cancels the scan and yields the picker's cancelled result;
/// disposing cancels the scan too. A surface that refuses progress (the
/// scripted one) gets the choice alone, as before.
///
/// Locking: `lock` (recursive, so that the host may dispose from inside an
/// observer call made under it) guards `ended`, `presentation`, the progress
/// presentation (updated under it, so never after its dismissal) and every
/// observer call; `dispose` takes the presentation down *outside* the lock, as
/// the surface's dismiss may wait for a surface callback that wants the lock.
/// After `dispose` has returned, neither the surface nor the observer is
/// touched again; the scan may still finish in the background and is dropped.
///
/// Thread safety: every entry point may be called from any thread.
public final class PickerPresentation: @unchecked Sendable {
    /// What a picker provides: the spec to show (made on a background thread),
    /// the modal's result for the surface's answer (nil: the user gave up
    /// before it was shown), and what to show instead on a surface that
    /// refuses the spec's primitive (`RXM_ERR_UNSUPPORTED`), if anything.
    public struct Content {
        public var spec: PluginValue
        public var answer: (PluginValue?) -> PluginValue
        public var fallback: (@Sendable (ScanProgress) -> Content)?

        /// A choice: `result` gets the items selected, in order (nil: cancelled).
        public init(spec: PluginValue, result: @escaping ([Int]?) -> PluginValue) {
            self.spec = spec
            self.answer = { value in
                guard case .array(let selected)? = value?["selected"] else { return result(nil) }
                return result(selected.compactMap { if case .int(let index) = $0 { return Int(index) } else { return nil } })
            }
        }

        public init(spec: PluginValue, answer: @escaping (PluginValue?) -> PluginValue,
                    fallback: (@Sendable (ScanProgress) -> Content)? = nil) {
            self.spec = spec
            self.answer = answer
            self.fallback = fallback
        }
    }

    private let lock = NSRecursiveLock()
    private var ended = false
    private var answered = false
    private var presentation: OpaquePointer?
    private var content: Content?
    private let surface: UnsafePointer<rxm_surface>
    private let observer: rxm_observer
    /// The scan's counts and its cancellation.
    private let scan = ScanProgress()
    private var progressShown: OpaquePointer?
    private var progressTimer: DispatchSourceTimer?
    private var progressTitle = ""
    /// The user gave up on the progress: the scan's end yields a cancellation.
    private var gaveUp = false

    private init(surface: UnsafePointer<rxm_surface>, observer: rxm_observer) {
        self.surface = surface
        self.observer = observer
    }

    /// Starts a presentation whose content `prepare` makes on a background
    /// thread, scanning with the progress it is given; `title` heads the progress.
    /// `scans`: false when `prepare` reads no library (a file chooser), so
    /// that no progress is shown for it.
    public static func start(surface: UnsafePointer<rxm_surface>, observer: rxm_observer, title: String, scans: Bool = true,
                             prepare: @escaping @Sendable (ScanProgress) -> Content) -> rxm_disposable {
        let session = PickerPresentation(surface: surface, observer: observer)
        session.progressTitle = title
        if scans { session.showProgress(title: title) }
        DispatchQueue.global(qos: .userInitiated).async { session.show(prepare(session.scan)) }
        return rxm_disposable(context: Unmanaged.passRetained(session).toOpaque(), dispose: { context in
            guard let context else { return }
            Unmanaged<PickerPresentation>.fromOpaque(context).takeRetainedValue().dispose()
        })
    }

    private func showProgress(title: String) {
        lock.lock()
        defer { lock.unlock() }
        progressTitle = title
        var error = rxm_error()
        let callbacks = rxm_presentation_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_result: { context, _ in
                guard let context else { return }
                let session = Unmanaged<PickerPresentation>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.giveUp() }
            },
            on_error: { _, _ in })   // the progress is gone from view; the scan goes on
        // A surface that refuses progress returns nil: the choice comes alone.
        guard let shown = progressSpec.withCValue({ surface.pointee.show(surface.pointee.context, $0, callbacks, &error) }) else { return }
        progressShown = shown
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [self] in updateProgress() }
        progressTimer = timer
        timer.resume()
    }

    /// The progress's spec for the counts so far.
    private var progressSpec: PluginValue {
        let counts = scan.snapshot
        var message = "Scanning the library… \(counts.filesSeen) file\(counts.filesSeen == 1 ? "" : "s") seen"
        if let toRead = counts.filesToRead, toRead > 0 { message += ", \(counts.filesRead) of \(toRead) read" }
        return .object([("primitive", .string("progress")), ("title", .string(progressTitle)), ("message", .string(message))])
    }

    private func updateProgress() {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, let shown = progressShown else { return }
        var error = rxm_error()
        _ = progressSpec.withCValue { surface.pointee.update(surface.pointee.context, shown, $0, &error) }
    }

    private func giveUp() {
        lock.lock()
        defer { lock.unlock() }
        gaveUp = true
        scan.cancel()
    }

    /// Stops the updates and hands over the progress presentation, for the
    /// caller to dismiss outside the lock.
    private func takeProgressLocked() -> OpaquePointer? {
        progressTimer?.cancel()
        progressTimer = nil
        let shown = progressShown
        progressShown = nil
        return shown
    }

    private func show(_ content: Content) {
        lock.lock()
        let progress = takeProgressLocked()
        lock.unlock()
        if let progress { surface.pointee.dismiss(surface.pointee.context, progress) }
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return }
        self.content = content
        if gaveUp {
            answered = true
            emit(content.answer(nil))
            return
        }
        var error = rxm_error()
        let callbacks = rxm_presentation_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_result: { context, result in
                guard let context, let result else { return }
                let session = Unmanaged<PickerPresentation>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.answer(PluginValue(cValue: result)) }
            },
            on_error: { context, error in
                guard let context, let error else { return }
                let session = Unmanaged<PickerPresentation>.fromOpaque(context).takeUnretainedValue()
                var copy = error.pointee
                withExtendedLifetime(session) { session.fail(&copy) }
            })
        let shown = content.spec.withCValue { spec in surface.pointee.show(surface.pointee.context, spec, callbacks, &error) }
        if let shown {
            presentation = shown
        } else if error.code == Int32(RXM_ERR_UNSUPPORTED), let fallback = content.fallback {
            // The other way, scanned off this thread as the first was.
            showProgress(title: progressTitle)
            DispatchQueue.global(qos: .userInitiated).async { [self] in show(fallback(scan)) }
        } else {
            if error.code == 0 { error.code = Int32(RXM_ERR_INTERNAL) }
            fail(&error)
        }
    }

    private func answer(_ result: PluginValue) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, !answered, let content else { return }
        answered = true
        emit(content.answer(result))
    }

    /// Delivers the result and completes; called under the lock.
    private func emit(_ result: PluginValue) {
        result.withCValue { value in observer.on_next?(observer.context, value) }
        // The host may have disposed this presentation from inside on_next (a
        // subscriber that takes one value): then its observer is gone.
        guard !ended else { return }
        observer.on_completed?(observer.context)
    }

    private func fail(_ error: inout rxm_error) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, !answered else { return }
        answered = true
        observer.on_error?(observer.context, &error)
    }

    private func dispose() {
        lock.lock()
        ended = true
        scan.cancel()
        let progress = takeProgressLocked()
        let shown = presentation
        presentation = nil
        lock.unlock()
        if let progress { surface.pointee.dismiss(surface.pointee.context, progress) }
        if let shown { surface.pointee.dismiss(surface.pointee.context, shown) }
    }
}
