import RxModal

/// The `rxmodal` program: parses the arguments, runs the command, and returns
/// the exit status (``ExitStatus``). Usage errors print the message and a hint
/// to standard error. Called once, from the main thread.
public enum CommandLineTool {
    /// Runs with the arguments as the system passed them (without the program
    /// name): an argument that is not UTF-8 is a usage error naming it.
    public static func run(argumentBytes: [[UInt8]], console: Console = Console()) -> Int32 {
        let arguments: [String]
        do { arguments = try ArgumentDecoding.decode(argumentBytes) } catch {
            return report(error, echoing: [], console: console)
        }
        return run(arguments, console: console)
    }

    public static func run(_ arguments: [String], console: Console = Console()) -> Int32 {
        do {
            let command = try CommandParser.parse(arguments)
            // The version and the reset need no plugin: they work where none can load.
            switch command {
            case .version, .resetAuthorization: break
            default: KindCatalog.prepare()
            }
            switch command {
            case .version:
                console.output(HelpText.version)
                return ExitStatus.value.rawValue
            case .help(let topic):
                return try HelpCommand.run(topic: topic, console: console).rawValue
            case .doctor(let json):
                return DoctorCommand.run(json: json, console: console).rawValue
            case .list(let verbose, let json):
                return ListCommand.run(verbose: verbose, json: json, console: console).rawValue
            case .describe(let kind, let json):
                return try DescribeCommand.run(kindName: kind, json: json, console: console).rawValue
            case .demo(let surface, let transcript):
                return try DemoCommand.run(surface: surface, transcriptPath: transcript, console: console).rawValue
            case .resetAuthorization(let kind, let target, let json):
                return try ResetAuthorizationCommand.run(kind: kind, target: target, json: json, console: console).rawValue
            case .present(let kind, let arguments):
                return try PresentCommand.run(kindName: kind, arguments: arguments, console: console).rawValue
            }
        } catch {
            return report(error, echoing: arguments, console: console)
        }
    }

    /// Prints the error (values quoted from `arguments` shortened) and returns its status.
    private static func report(_ error: Error, echoing arguments: [String], console: Console) -> Int32 {
        if let usage = error as? UsageError {
            console.error("rxmodal: \(EchoedValueShortening.shorten(usage.message, echoing: arguments))\n\(usage.hint)")
            return ExitStatus.usage.rawValue
        }
        console.error("rxmodal: \(EchoedValueShortening.shorten("\(error)", echoing: arguments))")
        return ErrorStatus.status(for: error).rawValue
    }
}
