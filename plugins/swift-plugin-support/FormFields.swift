/// The fields of a form spec, with a problem from the last answer placed where
/// the user looks for it: as the "error" of the field it names ("to[1]: not a
/// valid e-mail address" belongs to the field named "to"), or, when it names no
/// field of the form, as a read-only "problem" field first (labelled `heading`).
///
/// A plain value: any thread.
public struct FormFields {
    public struct Field {
        public let name: String
        public let label: String
        public let kind: String
        public let value: PluginValue

        public init(_ name: String, _ label: String, _ kind: String, _ value: PluginValue) {
            self.name = name
            self.label = label
            self.kind = kind
            self.value = value
        }
    }

    public let fields: [Field]
    public let problem: String?
    public let heading: String

    public init(_ fields: [Field], problem: String?, heading: String = "Not sent") {
        self.fields = fields
        self.problem = problem
        self.heading = heading
    }

    /// The field a problem names: its text up to the first "[", "." or ":".
    public static func fieldName(of problem: String) -> String {
        String(problem.prefix { $0 != "[" && $0 != "." && $0 != ":" })
    }

    /// The "fields" array of the spec.
    public var value: PluginValue {
        let named = problem.map(Self.fieldName(of:))
        let placed = fields.contains { $0.name == named }
        let unplaced = placed ? [] : problem.map { [Field("problem", heading, "readOnly", .string($0))] } ?? []
        return .array((unplaced + fields).map { field in
            .members([("name", .string(field.name)), ("label", .string(field.label)), ("kind", .string(field.kind)),
                      ("value", field.value), ("error", placed && field.name == named ? problem.map(PluginValue.string) : nil)])
        })
    }
}
