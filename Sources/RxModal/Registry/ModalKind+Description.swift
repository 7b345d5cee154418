/// Describing a kind, as `gst-inspect` describes a GStreamer element: as text for
/// people and as a ``ModalValue`` for tools (its JSON form is the command line's
/// `--json` output). Pure functions of an immutable kind; safe from any thread.
extension ModalKind {
    /// A readable description:
    ///
    ///     alert 1.0.0
    ///       A dialog with a title, a message, text fields and actions.
    ///       source: /usr/local/lib/rxmodal/plugins/librxmodal-alert.so
    ///       result: the chosen action's value
    ///       precondition: yes   authorization: no
    ///       methods:
    ///         setTitle(title) [s] — Sets the title.
    public var describedText: String {
        var lines = ["\(name) \(version)"]
        if !summary.isEmpty { lines.append("  \(summary)") }
        lines.append("  source: \(origin)")
        if !resultDescription.isEmpty { lines.append("  result: \(resultDescription)") }
        lines.append("  precondition: \(hasPrecondition ? "yes" : "no")   authorization: \(hasAuthorization ? "yes" : "no")")
        if methods.isEmpty {
            lines.append("  methods: none")
        } else {
            lines.append("  methods:")
            lines.append(contentsOf: methods.map { "    \($0)" })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same description as a value:
    /// `{ "name", "version", "summary", "source", "result", "hasPrecondition",
    ///    "hasAuthorization", "methods": [ { "name", "signature", "arguments": [s], "doc" } ] }`.
    public var describedValue: ModalValue {
        .object([
            "name": .string(name),
            "version": .string(version),
            "summary": .string(summary),
            "source": .string(origin.description),
            "result": .string(resultDescription),
            "hasPrecondition": .bool(hasPrecondition),
            "hasAuthorization": .bool(hasAuthorization),
            "methods": .array(methods.map { method in
                .object([
                    "name": .string(method.name),
                    "signature": .string(method.signature),
                    "arguments": .array(method.argumentNames.map { .string($0) }),
                    "doc": .string(method.doc),
                ])
            }),
        ])
    }
}
