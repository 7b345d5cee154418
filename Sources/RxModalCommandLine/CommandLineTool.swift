import RxModal

/// The `rxmodal` program: parses the arguments, runs the command, and returns
/// the exit status (``ExitStatus``). Usage errors print the message and a hint
/// to standard error. Called once, from the main thread.
public enum CommandLineTool {
    public static func run(_ arguments: [String], console: Console = Console()) -> Int32 {
        do {
            let command = try CommandParser.parse(arguments)
            KindCatalog.prepare()
            switch command {
            case .help(let topic):
                return try HelpCommand.run(topic: topic, console: console).rawValue
            case .list(let verbose, let json):
                return ListCommand.run(verbose: verbose, json: json, console: console).rawValue
            case .describe(let kind, let json):
                return try DescribeCommand.run(kindName: kind, json: json, console: console).rawValue
            case .demo(let surface, let transcript):
                return try DemoCommand.run(surface: surface, transcriptPath: transcript, console: console).rawValue
            case .present(let kind, let arguments):
                return try PresentCommand.run(kindName: kind, arguments: arguments, console: console).rawValue
            }
        } catch let usage as UsageError {
            console.error("rxmodal: \(usage.message)\n\(usage.hint)")
            return ExitStatus.usage.rawValue
        } catch {
            console.error("rxmodal: \(error)")
            return ErrorStatus.status(for: error).rawValue
        }
    }
}
