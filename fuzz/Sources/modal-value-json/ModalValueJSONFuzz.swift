import FuzzSupport
import RxModal

/// JSON text to value trees and back, and value trees to the C form and back:
/// the paths every value from a C host, a script or the command line takes.
@main
enum ModalValueJSONFuzz {
    static func main() {
        runFuzzer { data, size in
            ModalValueJSONFuzz.check(String(decoding: fuzzBytes(data, size), as: UTF8.self))
            return 0
        }
    }

    static func check(_ text: String) {
        guard let value = try? ModalValue(json: text) else { return }
        // What we write must read back as the same tree, and write the same text again.
        let written = value.json
        guard let reread = try? ModalValue(json: written) else {
            fuzzFailure("our own JSON does not parse: \(written)")
        }
        guard reread.json == written else { fuzzFailure("JSON is not stable: \(written) then \(reread.json)") }
        // Through the C form; a tree deeper than the C limit is refused, never crashes.
        let throughC = value.withCValue { pointer in try? ModalValue(cValue: pointer) }
        if let throughC, throughC.json != written {
            fuzzFailure("the C form changed the value: \(written) became \(throughC.json)")
        }
    }
}
