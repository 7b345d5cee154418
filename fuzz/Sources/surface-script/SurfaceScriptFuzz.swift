import FuzzSupport
import RxModal

/// The scripted surface's script parser: a script is the user's file, but it is
/// still parsed as hostile input (docs/SECURITY.md). Any text must either read as
/// a script that keeps the parser's own limits or be refused with a ModalError.
@main
enum SurfaceScriptFuzz {
    static func main() {
        runFuzzer { data, size in
            SurfaceScriptFuzz.check(String(decoding: fuzzBytes(data, size), as: UTF8.self))
            return 0
        }
    }

    static func check(_ text: String) {
        let script: SurfaceScript
        do {
            script = try SurfaceScript(json: text)
        } catch is ModalError {
            return
        } catch {
            fuzzFailure("a script was refused with \(type(of: error)), not a ModalError: \(error)")
        }
        for step in script.steps {
            if let delay = step.afterMilliseconds, delay < 0 || delay > SurfaceScript.maximumDelayMilliseconds {
                fuzzFailure("a step waits \(delay) ms, outside 0...\(SurfaceScript.maximumDelayMilliseconds)")
            }
            if case .select(let indices) = step.answer, indices.contains(where: { $0 < 0 }) {
                fuzzFailure("a step selects a negative index: \(indices)")
            }
        }
    }
}
