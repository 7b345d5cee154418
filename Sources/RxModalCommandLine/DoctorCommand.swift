#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RxModal

/// `rxmodal doctor [--json]`: what this machine has of the optional parts the
/// kinds use, whether each kind can be shown here (its own precondition, so the
/// answer is the plugin's, not a guess), and where RxModal keeps what it writes.
/// Information only: the exit status is 0. Runs on the calling thread.
enum DoctorCommand {
    struct Check {
        var name: String
        var found: Bool
        var detail: String
    }

    static func run(json: Bool, console: Console) -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let registry = KindCatalog.registry
        let scanning = PluginScanning.standard(environment: environment)
        var plugins: [Check] = [
            Check(name: "kinds", found: !registry.kinds.isEmpty,
                  detail: "\(registry.kinds.count) (\(registry.kindNames.joined(separator: ", "))), \(registry.skipped.count) skipped"
                      + (registry.skipped.isEmpty ? "" : ": rxmodal list --verbose says why")),
        ]
        switch scanning {
        case .inProcess:
            plugins.append(Check(name: "plugin scanner", found: false,
                                 detail: "none beside the runtime: plugins are read in this process"))
        case .scanner(let path, let cache):
            plugins.append(Check(name: "plugin scanner", found: true, detail: path))
            plugins.append(Check(name: "registry cache", found: cache != nil, detail: cache ?? "none"))
        }
        let kinds = registry.kinds.map(kindCheck)
        let parts = optionalParts(environment)
        var registryCache: String?
        if case .scanner(_, let cache) = scanning { registryCache = cache }
        let places = storedFiles(environment, registryCache: registryCache)

        if json {
            func array(_ checks: [Check]) -> ModalValue {
                .array(checks.map { .object(["name": .string($0.name), "found": .bool($0.found), "detail": .string($0.detail)]) })
            }
            console.output(ModalValue.object([
                "version": .string(HelpText.version),
                "plugins": array(plugins), "kinds": array(kinds), "parts": array(parts), "files": array(places),
            ]).json)
            return .value
        }
        var lines = [HelpText.version]
        for (title, checks) in [("plugins", plugins), ("kinds on this machine", kinds), ("optional parts", parts)] {
            lines.append("")
            lines.append(title + ":")
            let width = checks.map(\.name.count).max() ?? 0
            lines += checks.map { "  \($0.found ? "✓" : "✗") \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.detail)" }
        }
        lines.append("")
        lines.append("what RxModal writes, and where:")
        let width = places.map(\.name.count).max() ?? 0
        lines += places.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.detail)\($0.found ? "" : " (not written yet)")" }
        console.output(lines.joined(separator: "\n"))
        return .value
    }

    /// Whether `kind` can be shown here: its precondition on a fresh configuration.
    private static func kindCheck(_ kind: ModalKind) -> Check {
        do {
            let configuration = try kind.makeConfiguration()
            try kind.checkPrecondition(configuration)
            var detail = "can be shown"
            if kind.hasAuthorization {
                detail += "; access \(kind.authorizationStatus(configuration)) (asked on first use)"
            }
            return Check(name: kind.name, found: true, detail: detail)
        } catch {
            return Check(name: kind.name, found: false, detail: "\(error)")
        }
    }

    private static func optionalParts(_ environment: [String: String]) -> [Check] {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func onPath(_ names: [String]) -> String? {
            for name in names {
                if name.hasPrefix("/") { if FileManager.default.isExecutableFile(atPath: name) { return name } else { continue } }
                for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                    return "\(folder)/\(name)"
                }
            }
            return nil
        }
        func library(_ names: [String]) -> String? {
            names.first { name in
                guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { return false }
                dlclose(handle)
                return true
            }
        }
        var checks: [Check] = []
        let sendmail = environment["RXMODAL_SENDMAIL"].map { [$0] } ?? ["sendmail", "msmtp", "/usr/sbin/sendmail"]
        let mailer = onPath(sendmail)
        checks.append(Check(name: "mail transport", found: mailer != nil,
                            detail: mailer ?? "none: install msmtp (or a sendmail), or set RXMODAL_SENDMAIL"))
        let sms = environment["RXMODAL_SMS_COMMAND"].map { [$0] } ?? ["kdeconnect-cli", "mmcli"]
        let texter = onPath(sms)
        checks.append(Check(name: "text message transport", found: texter != nil,
                            detail: texter ?? "none: set RXMODAL_SMS_COMMAND, or install KDE Connect or ModemManager"))
        let taglib = library(["libtag_c.so.2", "libtag_c.so.0", "libtag_c.so"])
        checks.append(Check(name: "TagLib", found: taglib != nil,
                            detail: taglib ?? "none: music is listed by file name (install libtagc0)"))
        let magic = library(["libmagic.so.1", "libmagic.so"])
        checks.append(Check(name: "libmagic", found: magic != nil,
                            detail: magic ?? "none: content types come from file names (install libmagic1)"))
        let browser = environment["BROWSER"].flatMap { $0.isEmpty ? nil : onPath([String($0.split(separator: " ").first ?? "")]) }
            ?? onPath(["xdg-open"])
        checks.append(Check(name: "browser", found: browser != nil,
                            detail: browser ?? "none: install xdg-utils and a browser, or set BROWSER"))
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        if tty >= 0 { close(tty) }
        checks.append(Check(name: "terminal", found: tty >= 0,
                            detail: tty >= 0 ? "/dev/tty (the terminal surface draws there)"
                                             : "no controlling terminal: answer with --surface script:FILE or RXMODAL_SCRIPT"))
        return checks
    }

    private static func storedFiles(_ environment: [String: String], registryCache: String?) -> [Check] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        let config = base("XDG_CONFIG_HOME", ".config")
        let cache = base("XDG_CACHE_HOME", ".cache")
        let data = base("XDG_DATA_HOME", ".local/share")
        let places = [
            ("media-library answers", config + "/rxmodal/media-library-authorization"),
            ("media scan cache", cache + "/rxmodal/"),
            ("plugin registry cache", registryCache ?? "none (no plugin scanner)"),
            ("mail drafts", data + "/rxmodal/Drafts"),
        ]
        return places.map { name, path in
            Check(name: name, found: FileManager.default.fileExists(atPath: path), detail: path)
        }
    }
}
