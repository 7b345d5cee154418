import Foundation
import RxCore
import RxModalPluginABI

/// A headless surface that answers every presentation from a `SurfaceScript`,
/// one step per presentation in the order they are shown, and records a
/// transcript of everything shown. This is how tests and automation run modal
/// flows without a person.
///
/// Answers are given on the surface's own serial `queue`, asynchronously: never
/// inside `show`, and not before `show` has returned; right away by default, or
/// `afterMilliseconds` later. A step's expectation and answer are checked when
/// the answer is due, against the spec as updated by then. A mismatch, or a
/// presentation with no step left, ends that presentation with
/// `onError(ModalError.scriptMismatch(step:reason:))`; the next presentation
/// takes the next step.
///
/// Transcript: one entry per presentation, in the order shown (see
/// `transcript`). Each live (shown, not yet dismissed) presentation counts in
/// `Resources.total`, so a test whose code forgets to dismiss fails its
/// resource check.
///
/// Thread safety: every method may be called from any thread; state is guarded
/// by one lock, which is never held while calling a callback. `dismiss` follows
/// the `ModalSurface` contract: it waits for the presentation's callback if it
/// is running on another thread, and returns at once when called from inside it.
/// With a script and a caller that are themselves deterministic, the answers and
/// the transcript are too.
public final class ScriptedSurface: ModalSurface, @unchecked Sendable {
    public let name = "scripted"
    public let script: SurfaceScript
    /// The serial queue that answers are delivered on.
    public let queue: DispatchQueue

    /// Guards everything below and signals changes of a presentation's phase.
    private let condition = NSCondition()
    private var nextStep = 0
    private var sequence = 0
    private var live: [UInt64: LivePresentation] = [:]
    private var liveOrder: [UInt64] = []
    /// Transcript records by index; those taken by `takeTranscript` are gone,
    /// except the records of presentations still shown.
    private var records: [Int: TranscriptRecord] = [:]
    private var nextRecord = 0
    private var recordIndex: [UInt64: Int] = [:]

    /// A surface following `script`, answering on `queue` (which must be
    /// serial; by default a new one).
    public init(script: SurfaceScript, queue: DispatchQueue? = nil) {
        self.script = script
        self.queue = queue ?? DispatchQueue(label: "rxmodal.scripted-surface")
    }

    /// A surface following the script in `json` (see `SurfaceScript`).
    public convenience init(json: String) throws {
        self.init(script: try SurfaceScript(json: json))
    }

    /// A surface following the script in the JSON file at `path`.
    public convenience init(contentsOfFile path: String) throws {
        self.init(script: try SurfaceScript(contentsOfFile: path))
    }

    /// A surface following the script in `RXMODAL_SCRIPT` (JSON text, or
    /// `@/path/to/file`), or nil when the variable is unset or empty.
    public static func fromEnvironment() throws -> ScriptedSurface? {
        try SurfaceScript.fromEnvironment().map { ScriptedSurface(script: $0) }
    }

    // MARK: ModalSurface

    public func show(spec: ModalValue,
                     onResult: @escaping @Sendable (ModalValue) -> Void,
                     onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        let primitive = try SurfaceSpec.validate(spec)
        // A script answers what a person would; progress asks nothing, so it
        // takes no step and is not shown (the header lets a surface refuse it).
        if primitive == .progress {
            throw ModalError.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "the scripted surface shows no progress")
        }
        let presentation = SurfacePresentation(primitive: primitive)
        condition.lock()
        let stepIndex = nextStep
        nextStep += 1
        let step = stepIndex < script.steps.count ? script.steps[stepIndex] : nil
        sequence += 1
        let recordNumber = nextRecord
        nextRecord += 1
        let record = TranscriptRecord(index: recordNumber, step: stepIndex + 1, depth: liveOrder.count,
                                      parent: liveOrder.last.flatMap { recordIndex[$0] },
                                      primitive: primitive, spec: spec, shownAt: sequence)
        recordIndex[presentation.id] = recordNumber
        records[recordNumber] = record
        let entry = LivePresentation(presentation: presentation, spec: spec, stepNumber: stepIndex + 1, step: step,
                                     record: record, onResult: onResult, onError: onError)
        live[presentation.id] = entry
        liveOrder.append(presentation.id)
        condition.unlock()
        Resources.incrementTotal()

        let id = presentation.id
        let deliver: @Sendable () -> Void = { [weak self] in self?.deliver(id) }
        if let delay = step?.afterMilliseconds, delay > 0 {
            queue.asyncAfter(deadline: .now() + .milliseconds(delay), execute: deliver)
        } else {
            queue.async(execute: deliver)
        }
        // Opens the gate the delivery waits at, so no answer precedes our return.
        condition.lock()
        entry.showReturned = true
        condition.broadcast()
        condition.unlock()
        return presentation
    }

    public func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {
        condition.lock()
        defer { condition.unlock() }
        guard let entry = live[presentation.id], entry.presentation === presentation else {
            throw ModalError.invalidArgument(method: "update", reason: "\(presentation) is not shown on this surface (dismissed, or from another surface)")
        }
        entry.spec = try SurfaceSpec.applying(patch, to: entry.spec)
        sequence += 1
        entry.record.updates.append(patch)
    }

    public func dismiss(_ presentation: SurfacePresentation) {
        condition.lock()
        defer { condition.unlock() }
        guard let index = recordIndex[presentation.id] else { return }   // not from this surface
        guard let entry = live[presentation.id], entry.presentation === presentation else {
            records[index]?.dismissals += 1   // a second dismissal: recorded, otherwise ignored
            return
        }
        while case .delivering(let thread) = entry.phase, pthread_equal(thread, pthread_self()) == 0 {
            condition.wait()
        }
        guard live[presentation.id] != nil else {
            records[index]?.dismissals += 1   // dismissed concurrently while we waited
            return
        }
        entry.phase = .dismissed
        live[presentation.id] = nil
        liveOrder.removeAll { $0 == presentation.id }
        sequence += 1
        entry.record.dismissedAt = sequence
        entry.record.dismissals += 1
        Resources.decrementTotal()
    }

    // MARK: answering

    private func deliver(_ id: UInt64) {
        condition.lock()
        guard let entry = live[id] else { condition.unlock(); return }
        while !entry.showReturned { condition.wait() }
        guard case .waiting = entry.phase else { condition.unlock(); return }
        let outcome = ScriptResolver.outcome(of: entry.step, number: entry.stepNumber,
                                             stepCount: script.steps.count, spec: entry.spec)
        switch outcome {
        case .stayOpen:
            condition.unlock()
            return
        case .result(let value):
            entry.record.result = value
        case .failure(let error):
            entry.record.error = error
        }
        sequence += 1
        entry.record.answeredAt = sequence
        entry.phase = .delivering(pthread_self())
        condition.unlock()

        switch outcome {
        case .result(let value): entry.onResult(value)
        case .failure(let error): entry.onError(error)
        case .stayOpen: break
        }

        condition.lock()
        if case .delivering = entry.phase { entry.phase = .answered }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: transcript

    /// One entry per presentation, in the order shown:
    ///
    ///     {"index": 0, "step": 1, "depth": 0, "parent"?: i,
    ///      "primitive": "dialog", "spec": {…as shown…}, "updates": [patch…],
    ///      "result"?: {…} or "error"?: "script step 1: …",
    ///      "shownAt": n, "answeredAt"?: n, "dismissed": b, "dismissedAt"?: n,
    ///      "dismissals": n}
    ///
    /// `depth` is how many presentations were still shown (not dismissed) when
    /// this one was, `parent` the index of the topmost of them. `step` is the
    /// script step used (from 1; past the end when the script ran out). The `…At`
    /// fields are sequence numbers of one counter per surface, counting shows,
    /// updates, answers and dismissals. `dismissals` counts dismiss calls (1 is
    /// correct; more means a caller dismissed twice). The text of a dialog's
    /// password fields, typed or initial, reads "(hidden)": transcripts are
    /// printed and written to files, and must not carry secrets (the result
    /// delivered to the presentation is not affected).
    public var transcript: [ModalValue] {
        condition.lock()
        defer { condition.unlock() }
        return records.keys.sorted().map { records[$0]!.value }
    }

    /// The transcript so far, as `transcript` reads it, after which the
    /// surface forgets the records of presentations that have been dismissed:
    /// a long-lived surface then keeps only what has not been taken. A record
    /// of a presentation still shown stays (its answer and dismissal are still
    /// to come) and is returned again by the next take; `index` keeps counting
    /// from the first presentation, so entries of successive takes never share
    /// one. A second dismissal of a presentation whose record was taken is
    /// not recorded.
    public func takeTranscript() -> [ModalValue] {
        condition.lock()
        defer { condition.unlock() }
        let taken = records.keys.sorted().map { records[$0]!.value }
        let shown = Set(live.keys.compactMap { recordIndex[$0] })
        records = records.filter { shown.contains($0.key) }
        recordIndex = recordIndex.filter { live[$0.key] != nil }
        return taken
    }

    /// `takeTranscript` as compact JSON (an array, keys sorted).
    public func takeTranscriptJSON() -> String { ModalValue.array(takeTranscript()).json }

    /// The transcript as compact JSON (an array, keys sorted).
    public var transcriptJSON: String { ModalValue.array(transcript).json }

    /// Writes the transcript as indented JSON to `path`, replacing the file.
    public func writeTranscript(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let value = ModalValue.array(transcript)
        let data = (try? encoder.encode(value)) ?? Data(value.json.utf8)
        do {
            try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ModalError.invalidArgument(method: "writeTranscript", reason: "cannot write \(ModalValue.string(path).json): \(error.localizedDescription)")
        }
    }
}

/// The state of one shown presentation, guarded by its surface's condition.
private final class LivePresentation {
    enum Phase {
        case waiting
        case delivering(pthread_t)
        case answered
        case dismissed
    }

    let presentation: SurfacePresentation
    var spec: ModalValue
    let stepNumber: Int
    let step: ScriptStep?
    /// Its transcript record, also in the surface's `records`.
    let record: TranscriptRecord
    let onResult: @Sendable (ModalValue) -> Void
    let onError: @Sendable (ModalError) -> Void
    var showReturned = false
    var phase = Phase.waiting

    init(presentation: SurfacePresentation, spec: ModalValue, stepNumber: Int, step: ScriptStep?, record: TranscriptRecord,
         onResult: @escaping @Sendable (ModalValue) -> Void, onError: @escaping @Sendable (ModalError) -> Void) {
        self.presentation = presentation
        self.spec = spec
        self.stepNumber = stepNumber
        self.step = step
        self.record = record
        self.onResult = onResult
        self.onError = onError
    }
}
