// swift-tools-version:6.0
import PackageDescription

// Every target builds in the Swift 6 language mode with complete concurrency
// checking. Types that synchronize themselves internally say so with
// `@unchecked Sendable` and document the lock that makes it true.

// The linker version script of every plugin written in Swift (composers, pickers):
// it exports rxm_plugin_entry only, so the Swift code linked into a plugin never
// binds to the host's copies of the same symbols (plugins/swift-plugin-support/exports.map).
let swiftPluginLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/plugins/swift-plugin-support/exports.map"]),
]

// The version script of librxmodal: it exports Include/rxmodal.h's functions only,
// in version node RXMODAL_0 (Sources/RxModalC/exports.map). Like the plugins' flags,
// unsafe flags: a package that depends on this one can use RxModal, not the C library.
let cLibraryLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/RxModalC/exports.map"]),
]

let package = Package(
    name: "RxModal",
    products: [
        // The reactive core: Observable, traits, subjects, operators, schedulers.
        .library(name: "RxCore", targets: ["RxCore"]),
        // Virtual-time testing support (what RxTest is to RxSwift).
        .library(name: "RxTesting", targets: ["RxTesting"]),
        // Waiting for a sequence's outcome on the calling thread, for tests and
        // command-line tools (what RxBlocking is to RxSwift).
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        // What of the core needs Foundation itself (OperationQueueScheduler), kept
        // out of RxCore, which needs only FoundationEssentials.
        .library(name: "RxFoundation", targets: ["RxFoundation"]),
        // Flows built on the core: Action, ReactiveCoordinator, Reactor and AlertReactor.
        .library(name: "RxFlows", targets: ["RxFlows"]),
        // The modal runtime: plugin registry and loader, libffi invoker, surfaces,
        // and the Swift façades of every modal kind, with every kind this package
        // ships linked in statically (RxModalBuiltInKinds), so a dependent package
        // presents them after a plain `swift build`.
        .library(name: "RxModal", targets: ["RxModal", "RxModalBuiltInKinds"]),
        // The alert and actionSheet modal kinds, each its own plugin (shared object)
        // written in C against Include/rxmodal_plugin.h alone.
        .library(name: "rxmodal-alert", type: .dynamic, targets: ["AlertPluginEntry"]),
        .library(name: "rxmodal-actionSheet", type: .dynamic, targets: ["ActionSheetPluginEntry"]),
        // Web authentication (RFC 8252 loopback + PKCE): the plugin, in C,
        // its benchmark, and the helper a custom scheme's desktop entry runs.
        .library(name: "rxmodal-webAuthenticationSession", type: .dynamic, targets: ["WebAuthenticationSessionPluginEntry"]),
        .executable(name: "rxmodal-webauth-bench", targets: ["rxmodal-webauth-bench"]),
        .executable(name: "rxmodal-webauth-callback", targets: ["rxmodal-webauth-callback"]),
        // The mail composer's engine: RFC 5322 / MIME writer, sendmail transport,
        // Maildir drafts Foundation only.
        .library(name: "RxModalMail", targets: ["RxModalMail"]),
        // The C bridge: librxmodal.so, the library behind Include/rxmodal.h.
        .library(name: "rxmodal", type: .dynamic, targets: ["RxModalC"]),
        // The media library scanner and the two picker plugins (Swift shared
        // objects that export only rxm_plugin_entry), with their benchmark.
        .library(name: "RxModalMedia", targets: ["RxModalMedia"]),
        .library(name: "rxmodal-mediaPicker", type: .dynamic, targets: ["MediaPickerPluginEntry"]),
        .library(name: "rxmodal-photoPicker", type: .dynamic, targets: ["PhotoPickerPluginEntry"]),
        .executable(name: "rxmodal-media-bench", targets: ["rxmodal-media-bench"]),
        // The composer plugins, written in Swift against Include/ (see below).
        .library(name: "rxmodal-mailComposer", type: .dynamic, targets: ["MailComposerPluginEntry"]),
        .library(name: "rxmodal-messageComposer", type: .dynamic, targets: ["MessageComposerPluginEntry"]),
        .executable(name: "rx-demo", targets: ["rx-demo"]),
        .executable(name: "rx-bench", targets: ["rx-bench"]),
        .executable(name: "rx-instructions", targets: ["rx-instructions"]),
        .executable(name: "rxmodal-bench", targets: ["rxmodal-bench"]),
        .executable(name: "rxmodal-invoker-bench", targets: ["rxmodal-invoker-bench"]),
        // The `rxmodal` command line. SwiftPM names products in one namespace,
        // and "rxmodal" is the C library's (librxmodal.so), so the built file is
        // rxmodal-cli; scripts/install installs it as bin/rxmodal.
        .executable(name: "rxmodal-cli", targets: ["rxmodal-cli"]),
        // The plugin scanner the runtime runs (installed in LIBDIR/rxmodal/).
        .executable(name: "rxmodal-plugin-scanner", targets: ["rxmodal-plugin-scanner"]),
    ],
    targets: [
        // The core's per-thread state in C thread-local storage, which Swift lacks.
        .target(name: "CThreadLocals"),
        .target(name: "RxCore", dependencies: ["CThreadLocals"]),
        .target(name: "RxTesting", dependencies: ["RxCore"]),
        .target(name: "RxBlocking", dependencies: ["RxCore"]),
        .target(name: "RxFoundation", dependencies: ["RxCore"]),
        .target(name: "RxFlows", dependencies: ["RxCore"]),
        // The plugin ABI header, in the top-level Include/ folder, as a C module.
        .target(name: "RxModalPluginABI", path: "Include", publicHeadersPath: "."),
        // libffi from the system (Debian: libffi-dev), for calling plugin methods.
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .target(name: "RxModal", dependencies: ["RxCore", "RxFlows", "RxModalPluginABI", "CFFI", "CBuiltInKinds", "PrivateFiles"]),
        // Which kinds a program linked in statically: a weak reference to the table
        // RxModalBuiltInKinds defines, so programs without it (librxmodal) have none.
        .target(name: "CBuiltInKinds", dependencies: ["RxModalPluginABI"]),
        .target(name: "RxModalBuiltInKinds", dependencies: [
            "RxModalPluginABI", "AlertPlugin", "ActionSheetPlugin", "WebAuthenticationSessionPlugin",
            "MailComposerPlugin", "MessageComposerPlugin", "PhotoPickerPlugin", "MediaPickerPlugin"]),
        // Each plugin's shared object is its kind plus a one-function target that
        // exports the kind's entry function as rxm_plugin_entry (plugins/entries/):
        // the kinds themselves have uniquely named entries, so all of them can be
        // linked into one program too.
        .target(name: "AlertPluginEntry", dependencies: ["AlertPlugin"], path: "plugins/entries/alert", publicHeadersPath: "."),
        .target(name: "ActionSheetPluginEntry", dependencies: ["ActionSheetPlugin"], path: "plugins/entries/actionSheet", publicHeadersPath: "."),
        .target(name: "WebAuthenticationSessionPluginEntry", dependencies: ["WebAuthenticationSessionPlugin"],
                path: "plugins/entries/webAuthenticationSession", publicHeadersPath: "."),
        .target(name: "MailComposerPluginEntry", dependencies: ["MailComposerPlugin", "RxModalPluginABI"],
                path: "plugins/entries/mailComposer", linkerSettings: swiftPluginLinkerSettings),
        .target(name: "MessageComposerPluginEntry", dependencies: ["MessageComposerPlugin", "RxModalPluginABI"],
                path: "plugins/entries/messageComposer", linkerSettings: swiftPluginLinkerSettings),
        .target(name: "PhotoPickerPluginEntry", dependencies: ["PhotoPickerPlugin", "RxModalPluginABI"],
                path: "plugins/entries/photoPicker", linkerSettings: swiftPluginLinkerSettings),
        .target(name: "MediaPickerPluginEntry", dependencies: ["MediaPickerPlugin", "RxModalPluginABI"],
                path: "plugins/entries/mediaPicker", linkerSettings: swiftPluginLinkerSettings),
        // Plugins: one folder per modal kind under plugins/; the dialog logic that
        // alert and actionSheet share is linked into both, with hidden symbols.
        .target(name: "DialogCommon", dependencies: ["RxModalPluginABI"], path: "plugins/dialog-common"),
        .target(name: "AlertPlugin", dependencies: ["DialogCommon"], path: "plugins/alert", publicHeadersPath: "."),
        .target(name: "ActionSheetPlugin", dependencies: ["DialogCommon"], path: "plugins/actionSheet", publicHeadersPath: "."),
        // The webAuthenticationSession plugin, its benchmark and callback helper.
        .target(name: "WebAuthenticationSessionPlugin", dependencies: ["RxModalPluginABI"], path: "plugins/webAuthenticationSession",
                publicHeadersPath: "include", linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "rxmodal-webauth-bench", dependencies: ["RxModal", "RxCore"], path: "benchmarks/rxmodal-webauth-bench"),
        // Hands a custom-scheme callback (run by the scheme's desktop entry) to the waiting session.
        .executableTarget(name: "rxmodal-webauth-callback", dependencies: ["WebAuthenticationSessionPlugin"]),
        .executableTarget(name: "rx-demo", dependencies: ["RxCore", "RxTesting"]),
        .executableTarget(name: "rx-bench", dependencies: ["RxCore"], path: "benchmarks/rx-bench"),
        .executableTarget(name: "rx-instructions", dependencies: ["RxCore"], path: "benchmarks/rx-instructions"),
        .executableTarget(name: "rxmodal-bench", dependencies: ["RxModal"], path: "benchmarks/rxmodal-bench"),
        // A child process for the terminal surface's SIGINT/SIGTERM tests.
        .executableTarget(name: "rxmodal-terminal-probe", dependencies: ["RxModal"]),
        // A configuration call through the libffi invoker versus a direct C call.
        .executableTarget(name: "rxmodal-invoker-bench", dependencies: ["RxModal", "RxModalPluginABI", "RxModalTestFixtures", "CFFI"], path: "benchmarks/rxmodal-invoker-bench"),
        // The `rxmodal` command: its parser and commands in a library, so
        // tests reach them directly; the executable is a two-line main.
        // RxModalMedia for the media-library answers `rxmodal reset-authorization` forgets.
        .target(name: "RxModalCommandLine", dependencies: ["RxModal", "RxCore", "RxModalPluginABI", "RxModalMedia"]),
        .executableTarget(name: "rxmodal-cli", dependencies: ["RxModalCommandLine"]),
        // Reads plugin descriptors in a process of its own for the runtime.
        .executableTarget(name: "rxmodal-plugin-scanner", dependencies: ["RxModal"]),
        // The C bridge: @_cdecl functions behind Include/rxmodal.h, and the
        // benchmark of C callbacks against Swift closures.
        // Puts back the crash-signal dispositions the Swift runtime changes when
        // librxmodal brings it into a C host (Sources/CHostSignals/host_signals.c).
        // DWARF 4: valgrind 3.19, which the C examples run under, stops at the
        // DWARF 5 that the toolchain's clang writes by default. Unsafe flags, as
        // librxmodal's own: only the C library uses this target.
        .target(name: "CHostSignals", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "RxModalC", dependencies: ["RxModal", "RxCore", "RxModalPluginABI", "CHostSignals"],
                exclude: ["exports.map", "librxmodal.symbols"], linkerSettings: cLibraryLinkerSettings),
        .executableTarget(name: "rxmodal-c-bench", dependencies: ["RxModalC", "RxModal", "RxCore", "RxModalPluginABI"], path: "benchmarks/rxmodal-c-bench"),
        // The leak check every test class inherits.
        .target(name: "RxTestSupport", dependencies: ["RxCore"], path: "Tests/RxTestSupport"),
        .testTarget(name: "RxCoreTests", dependencies: ["RxTestSupport", "RxCore", "RxTesting", "RxBlocking", "RxFoundation"]),
        .testTarget(name: "RxFlowsTests", dependencies: ["RxTestSupport", "RxFlows", "RxCore", "RxTesting"]),
        // Real C configuration methods for testing and measuring the libffi invoker.
        .target(name: "RxModalTestFixtures", dependencies: ["RxModalPluginABI"], path: "Tests/RxModalTestFixtures"),
        .target(name: "RxModalMail", dependencies: ["ChildProcesses"]),
        // Commands run to their end with posix_spawn, leaking no descriptor.
        .target(name: "ChildProcesses"),
        // Media library scanner, picker plugins, their tests and benchmark.
        .target(name: "RxModalMedia", dependencies: ["PrivateFiles"]),
        // Private files of the user (caches, decisions): 0600 in 0700 folders,
        // never written through a symbolic link or into someone else's folder.
        .target(name: "PrivateFiles"),
        .target(name: "MediaPluginSupport", dependencies: ["RxModalMedia", "RxModalPluginABI", "SwiftPluginSupport"], path: "plugins/media-common"),
        .target(name: "MediaPickerPlugin", dependencies: ["MediaPluginSupport"], path: "plugins/mediaPicker"),
        .target(name: "PhotoPickerPlugin", dependencies: ["MediaPluginSupport"], path: "plugins/photoPicker"),
        .executableTarget(name: "rxmodal-media-bench", dependencies: ["RxModal", "RxModalMedia"], path: "benchmarks/rxmodal-media-bench"),
        // The tests scan as an unprivileged user through the benchmark's `scan` mode.
        .testTarget(name: "RxModalMediaTests", dependencies: ["RxTestSupport", "RxModalMedia", "RxModal", "RxCore", "rxmodal-media-bench"],
                    exclude: ["Support"]),
        // Plugins written in Swift. Each links the plugin ABI, its engine and a
        // little shared support statically, never the RxModal runtime, and exports only
        // rxm_plugin_entry (the version script says why).
        .target(name: "SwiftPluginSupport", dependencies: ["RxModalPluginABI"], path: "plugins/swift-plugin-support",
                exclude: ["exports.map"]),
        .target(name: "MailComposerPlugin", dependencies: ["SwiftPluginSupport", "RxModalMail", "PrivateFiles"], path: "plugins/mailComposer"),
        .target(name: "MessageComposerPlugin", dependencies: ["SwiftPluginSupport", "ChildProcesses"], path: "plugins/messageComposer"),
        // Runs against a real SMTP server (aiosmtpd) and msmtp, from MailTestSupport, whose
        // Python helpers in Support/ are run by path, not bundled.
        .target(name: "MailTestSupport", dependencies: ["RxModalMail"], path: "Tests/MailTestSupport", exclude: ["Support"]),
        .testTarget(name: "RxModalMailTests", dependencies: ["RxTestSupport", "MailTestSupport", "RxModalMail", "RxCore"]),
        // The composer plugins and their façade, loaded from the build directory;
        // the SMTP server and msmtp come from MailTestSupport.
        .testTarget(name: "RxModalComposerTests", dependencies: ["RxTestSupport", "MailTestSupport", "RxModal", "RxModalPluginABI", "RxCore"]),
        .testTarget(name: "RxModalTests", dependencies: ["RxTestSupport", "RxModal", "RxModalPluginABI", "RxCore", "RxTesting", "RxModalTestFixtures",
                                                  // The child process of the terminal surface's signal tests.
                                                  "rxmodal-terminal-probe",
                                                  // The command line, unit-tested and run as a child process.
                                                  "RxModalCommandLine", "rxmodal-cli",
                                                  // Delivers custom-scheme callbacks in the web authentication tests.
                                                  "rxmodal-webauth-callback"],
                    // The authorization server the web authentication tests run by path.
                    exclude: ["WebAuthentication/Support"]),
    ]
)

// The fuzz targets (fuzz/Sources, run by scripts/fuzz) exist only when RXMODAL_FUZZ
// is set: each starts libFuzzer's driver, which only that build links in, and they
// reach internals through @testable imports, which only its debug build allows.
if Context.environment["RXMODAL_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("surface-script", ["RxModal"]),
        ("modal-value-json", ["RxModal"]),
        ("c-bridge-json", ["RxModalC", "RxModalPluginABI"]),
        ("mail-headers", ["RxModalMail"]),
        ("image-metadata", ["RxModalMedia"]),
        ("album-artist", ["RxModalMedia"]),
        ("plugin-descriptor", ["RxModal", "RxModalPluginABI"]),
        ("elf-header", ["RxModal"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "fuzz/Sources/FuzzSupport"))
    for target in fuzzTargets {
        package.targets.append(.executableTarget(name: "fuzz-\(target.name)", dependencies: ["FuzzSupport"] + target.dependencies,
                                                 path: "fuzz/Sources/\(target.name)"))
    }
}
