import RxModal
import RxModalPluginABI

/// The help texts, one per command and one per kind (generated from its
/// method table). Pure functions; safe from any thread.
enum HelpText {
    static let overview = """
    rxmodal — present modal kinds (alert, action sheet, composers, pickers…) from a shell

    Usage:
      rxmodal list [--verbose] [--json]      the modal kinds, and with --verbose the skipped plugins
      rxmodal describe KIND [--json]         a kind's methods, result and options
      rxmodal KIND [options]                 present a kind; its result is printed as JSON
      rxmodal demo [--surface S] [--transcript FILE]
                                             the seed's modal flows, end to end
      rxmodal doctor [--json]                what this machine has for each kind, and where files are kept
      rxmodal reset-authorization [mediaPicker] [--application ID | --all] [--json]
                                             forget a remembered media-library answer (asked again next time)
      rxmodal help [COMMAND|KIND]            this text, or a command's or a kind's
      rxmodal --version                      the version of rxmodal and of the plugin ABI it hosts

    Examples:
      rxmodal alert --title "Sign in" --text-field email:E-mail --text-field password:Password \\
                    --action cancel:Cancel --action "Sign In"
      rxmodal actionSheet --title "Contact us" --action Mail --action Message --action cancel:Cancel
      rxmodal alert --call setTitle "Hi" --call addAction OK default --timeout 30

    \(commonOptions)

    \(exitStatuses)
    """

    /// `rxmodal --version`: "rxmodal 0.1.0 (plugin ABI 1.0)".
    static var version: String {
        "rxmodal \(RuntimeVersion.string) (plugin ABI \(RXM_PLUGIN_ABI_MAJOR).\(RXM_PLUGIN_ABI_MINOR))"
    }

    static let commonOptions = """
    Options of every presentation:
      --surface terminal|desktop[:PARENT]|script:FILE
                                      where to show it (default: RXMODAL_SCRIPT if set,
                                      else RXMODAL_SURFACE, else the controlling terminal,
                                      /dev/tty, else the desktop when a display is named);
                                      PARENT: the window to attach to, x11:XID or
                                      wayland:HANDLE
      --transcript FILE               write what the scripted surface showed, as JSON
      --timeout SECONDS               dismiss the modal and exit 5 after SECONDS
      --call METHOD VALUE…            call any configuration method, one value per argument
      --help                          the kind's options (wins over any other argument)

    Environment:
      RXMODAL_SCRIPT   answer on the scripted (headless) surface instead of a terminal:
                       the JSON script itself, e.g. '[{"choose": "OK"}]', or @FILE
                       to read it from FILE
      RXMODAL_SURFACE  terminal or desktop (GTK 4 windows): the surface to use when
                       neither --surface nor RXMODAL_SCRIPT says
    """

    static var exitStatuses: String {
        "Exit status:\n"
            + ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0))\($0.meaning)" }
                .joined(separator: "\n")
            + "\n  130  interrupted by Ctrl-C (the terminal is restored first)"
    }

    static let list = """
    Usage: rxmodal list [--verbose] [--json]

    Lists the modal kinds found on the plugin search path and the kinds built in,
    each with its summary. The path: RXMODAL_PLUGIN_PATH (absolute folders), then
    the plugin folder beside rxmodal wherever it is installed
    (PREFIX/lib/rxmodal/plugins-1 for PREFIX/bin/rxmodal), then /usr/local/lib,
    /usr/lib/<multiarch> and /usr/lib (rxmodal/plugins-1 in each);
    RXMODAL_PLUGIN_SYSTEM_PATH, when set, replaces all but the first.

      --verbose, -v   also where each kind comes from, every skipped plugin with
                      the reason, and every folder searched with what became of it
      --json          {"kinds": [...], "skipped": [{"path", "reason"}],
                       "searched": [{"path", "source", "outcome"}]}
    """

    static let describe = """
    Usage: rxmodal describe KIND [--json]

    Describes a kind: its configuration methods with their signatures, argument
    names and docs, what it emits, and the options `rxmodal KIND` takes.

    Signature codes: b bool (true/false, yes/no, 1/0), i integer, d number, s text,
    y bytes (the text's UTF-8), S list of texts (a,b,c or a JSON array), v JSON.

      --json   the description as one JSON document
    """

    static let demo = """
    Usage: rxmodal demo [--surface terminal|desktop[:PARENT]|script:FILE] [--transcript FILE]

    Runs the seed's modal flows end to end: a sign-in alert with e-mail and
    password fields that yields credentials, a "Contact us" action sheet that leads
    to the mail composer, the confirmation kind, dismissal on dispose, and one
    section for each other kind (message composer, pickers, web authentication),
    presented if its plugin is loaded and reported as skipped if not.

    By default every modal is answered by a built-in script on the scripted
    (headless) surface, and what was shown is printed. --surface terminal lets you
    answer them yourself; --surface script:FILE answers them from FILE instead.

      --transcript FILE   write everything the scripted surface showed, as JSON
    """

    static let doctor = """
    Usage: rxmodal doctor [--json]

    Says what this machine has for RxModal: the plugins found, the plugin scanner
    and its cache; whether each kind can be shown here (the kind's own
    precondition: a mail transport for mailComposer, a text transport for
    messageComposer, …) and its access status; the optional parts (mail and text
    transports, TagLib, libmagic, a browser, a controlling terminal); and where the
    media-library answers, caches and drafts are kept. Exit status 0.

      --json          {"version", "plugins", "kinds", "parts", "files"}: arrays of
                      {"name", "found", "detail"}
    """

    static let resetAuthorization = """
    Usage: rxmodal reset-authorization [mediaPicker] [--application ID | --all] [--json]

    Forgets the answer given to "Allow … to access your media library?", so that
    the next mediaPicker asks again. The answers are kept per application in
    $XDG_CONFIG_HOME/rxmodal/media-library-authorization (~/.config when unset).
    Forgetting an answer that is not there is not an error. Exit status 0;
    6 if the file cannot be written.

      --application ID   the application whose answer to forget (default: rxmodal's
                         own, the one `rxmodal mediaPicker` is asked under; give the
                         ID passed to --application-identifier otherwise)
      --all              forget every application's answer
      --json             {"kind", "file", "reset": [{"application", "was"}]}
    """

    static let help = """
    Usage: rxmodal help [COMMAND|KIND]

    Prints the overview, a command's help (list, describe, demo, doctor,
    reset-authorization) or a kind's
    options (rxmodal help alert is rxmodal alert --help).
    """

    /// `rxmodal KIND --help`.
    static func present(kind: ModalKind) -> String {
        let table = KindOptionTable(kind: kind)
        return """
        Usage: rxmodal \(kind.name) [options]

        \(kind.summary)
        Prints its result as one JSON document: \(kind.resultDescription.isEmpty ? "(not described)" : kind.resultDescription)

        \(kindOptions(table))
        \(commonOptions)

        Options are applied in the order given. `rxmodal describe \(kind.name)` lists the methods.

        \(exitStatuses)
        """
    }

    /// The options generated for a kind, one per line.
    static func kindOptions(_ table: KindOptionTable) -> String {
        var lines = ["Options of \(table.kind.name):"]
        if table.flags.isEmpty { lines.append("  (none: the kind has no configuration methods)") }
        let left = table.flags.map { "  \($0.spelling) \($0.valueSyntax)" }
        let width = min(max(left.map(\.count).max() ?? 0, 20), 44)
        for (flag, text) in zip(table.flags, left) {
            let padded = text.count < width ? text.padding(toLength: width, withPad: " ", startingAt: 0) : text
            lines.append(padded + "  " + flag.summary)
        }
        if !table.methodsWithoutFlag.isEmpty {
            lines.append("  (with --call only: \(table.methodsWithoutFlag.map(\.name).joined(separator: ", ")))")
        }
        return lines.joined(separator: "\n")
    }
}

/// `rxmodal help [TOPIC]`.
enum HelpCommand {
    static func run(topic: String?, console: Console) throws -> ExitStatus {
        switch topic {
        case nil: console.text(HelpText.overview)
        case "list": console.text(HelpText.list)
        case "describe": console.text(HelpText.describe)
        case "demo": console.text(HelpText.demo)
        case "doctor": console.text(HelpText.doctor)
        case "reset-authorization": console.text(HelpText.resetAuthorization)
        case "help": console.text(HelpText.help)
        case let name?: console.text(HelpText.present(kind: try KindCatalog.kind(named: name)))
        }
        return .value
    }
}
