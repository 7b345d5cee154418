#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import RxModalC
import RxModalPluginABI

/// The C bridge's JSON entry points: `rxm_document_parse` and `rxm_value_to_json`,
/// and `rxm_modal_call_json` on a real alert plugin, whose arguments go from JSON
/// through the signature checks and libffi into C. Needs the folder of a built
/// alert plugin in RXMODAL_FUZZ_PLUGIN_FOLDER (scripts/fuzz provides it).
@main
enum CBridgeJSONFuzz {
    /// The alert's methods, picked by the input's first byte, and one name it lacks.
    static let methods = ["setTitle", "setMessage", "addTextField", "addAction", "setPreferredAction",
                          "setActionEnabled", "setActions", "noSuchMethod"]

    nonisolated(unsafe) static var registry: OpaquePointer?

    static func main() {
        guard let folder = getenv("RXMODAL_FUZZ_PLUGIN_FOLDER") else {
            fuzzFailure("RXMODAL_FUZZ_PLUGIN_FOLDER must name a folder holding librxmodal-alert.so (scripts/fuzz sets it)")
        }
        var error = rxm_error()
        guard rxm_registry_open(folder, &registry, &error) == 0, rxm_registry_kind_count(registry) > 0 else {
            fuzzFailure("no alert plugin in \(String(cString: folder)): \(message(error))")
        }
        runFuzzer { data, size in
            CBridgeJSONFuzz.check(fuzzBytes(data, size))
            return 0
        }
    }

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let choice = Int(input.byte())
        let method = choice < 240 ? methods[choice % methods.count] : input.text()
        let json = String(decoding: input.rest(), as: UTF8.self)

        var document: OpaquePointer?
        var error = rxm_error()
        if rxm_document_parse(json, &document, &error) == 0 {
            var text: UnsafeMutablePointer<CChar>?
            guard rxm_value_to_json(rxm_document_root(document), &text, &error) == 0, let text else {
                fuzzFailure("a parsed document cannot be written back: \(message(error))")
            }
            rxm_free(text)
            rxm_document_free(document)
        } else {
            expectReported(error, "rxm_document_parse")
        }

        var modal: OpaquePointer?
        error = rxm_error()
        guard rxm_modal_new(registry, "alert", &modal, &error) == 0 else {
            fuzzFailure("rxm_modal_new failed: \(message(error))")
        }
        error = rxm_error()
        if rxm_modal_call_json(modal, method, json, &error) != 0 { expectReported(error, "rxm_modal_call_json") }
        rxm_modal_free(modal)
    }

    /// A failure must come with a code and a terminated message.
    static func expectReported(_ error: rxm_error, _ function: String) {
        if error.code == 0 { fuzzFailure("\(function) failed without an error code") }
        let terminated = withUnsafeBytes(of: error.message) { $0.contains(0) }
        if !terminated { fuzzFailure("\(function) left an unterminated message") }
    }

    static func message(_ error: rxm_error) -> String {
        withUnsafeBytes(of: error.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
