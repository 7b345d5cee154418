import RxModal

/// `rxmodal describe KIND [--json]`: the kind's methods with signatures,
/// argument names and docs, its result, the way it takes to the desktop's own
/// dialogs here (``DesktopWaysHere``), and the options `rxmodal KIND` takes.
/// `--json` prints the kind's ``ModalKind/describedValue`` with an `"options"`
/// array added: `{"option", "values", "method"}`.
enum DescribeCommand {
    static func run(kindName: String, json: Bool, console: Console) throws -> ExitStatus {
        let kind = try KindCatalog.kind(named: kindName)
        let table = KindOptionTable(kind: kind)
        if json {
            var value = kind.describedValue.objectValue ?? [:]
            value["options"] = .array(table.flags.map { flag in
                .object(["option": .string(flag.spelling), "values": .string(flag.valueSyntax), "method": .string(flag.method.name)])
            })
            console.output(ModalValue.object(value).json)
        } else {
            let here = DesktopWaysHere.lines(forKind: kind.name)
            let ways = here.isEmpty ? "" : "  in use here:\n" + here.map { "    \($0)\n" }.joined()
            console.text(kind.describedText + ways + "\n" + HelpText.kindOptions(table))
        }
        return .value
    }
}
