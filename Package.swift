// swift-tools-version:6.0
import PackageDescription

// Every target builds in the Swift 6 language mode with complete concurrency
// checking. Types that synchronize themselves internally say so with
// `@unchecked Sendable` and document the lock that makes it true.
// Issue 5: the linker version script of the plugins written in Swift (export rxm_plugin_entry only).
let swiftPluginLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/plugins/swift-plugin-support/exports.map"]),
]

let package = Package(
    name: "RxModal",
    products: [
        // The reactive core: Observable, traits, subjects, operators, schedulers.
        .library(name: "RxCore", targets: ["RxCore"]),
        // Virtual-time testing support (what RxTest is to RxSwift).
        .library(name: "RxTesting", targets: ["RxTesting"]),
        // Flows built on the core: Action, ReactiveCoordinator, Reactor and AlertReactor.
        .library(name: "RxFlows", targets: ["RxFlows"]),
        // The modal runtime: plugin registry and loader, libffi invoker, surfaces.
        // Work in progress (issue 4).
        .library(name: "RxModal", targets: ["RxModal"]),
        // The alert and actionSheet modal kinds, each its own plugin (shared object)
        // written in C against Include/rxmodal_plugin.h alone.
        .library(name: "rxmodal-alert", type: .dynamic, targets: ["AlertPlugin"]),
        .library(name: "rxmodal-actionSheet", type: .dynamic, targets: ["ActionSheetPlugin"]),
        // The mail composer's engine: RFC 5322 / MIME writer, sendmail transport,
        // Maildir drafts (issue 5). Foundation only.
        .library(name: "RxModalMail", targets: ["RxModalMail"]),
        // Issue 5: the composer plugins, written in Swift against Include/ (see below).
        .library(name: "rxmodal-mailComposer", type: .dynamic, targets: ["MailComposerPlugin"]),
        .library(name: "rxmodal-messageComposer", type: .dynamic, targets: ["MessageComposerPlugin"]),
        .executable(name: "rx-demo", targets: ["rx-demo"]),
        .executable(name: "rx-bench", targets: ["rx-bench"]),
        .executable(name: "rxmodal-bench", targets: ["rxmodal-bench"]),
        .executable(name: "rxmodal-invoker-bench", targets: ["rxmodal-invoker-bench"]),
    ],
    targets: [
        .target(name: "RxCore"),
        .target(name: "RxTesting", dependencies: ["RxCore"]),
        .target(name: "RxFlows", dependencies: ["RxCore"]),
        // The plugin ABI header, in the top-level Include/ folder, as a C module.
        .target(name: "RxModalPluginABI", path: "Include", publicHeadersPath: "."),
        // libffi from the system (Debian: libffi-dev), for calling plugin methods.
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .target(name: "RxModal", dependencies: ["RxCore", "RxFlows", "RxModalPluginABI", "CFFI"]),
        // Plugins: one folder per modal kind under plugins/; the dialog logic that
        // alert and actionSheet share is linked into both, with hidden symbols.
        .target(name: "DialogCommon", dependencies: ["RxModalPluginABI"], path: "plugins/dialog-common"),
        .target(name: "AlertPlugin", dependencies: ["DialogCommon"], path: "plugins/alert", publicHeadersPath: "."),
        .target(name: "ActionSheetPlugin", dependencies: ["DialogCommon"], path: "plugins/actionSheet", publicHeadersPath: "."),
        .executableTarget(name: "rx-demo", dependencies: ["RxCore", "RxTesting", "RxModal"]),
        .executableTarget(name: "rx-bench", dependencies: ["RxCore"]),
        .executableTarget(name: "rxmodal-bench", dependencies: ["RxModal"]),
        // A child process for the terminal surface's SIGINT/SIGTERM tests.
        .executableTarget(name: "rxmodal-terminal-probe", dependencies: ["RxModal"]),
        // A configuration call through the libffi invoker versus a direct C call.
        .executableTarget(name: "rxmodal-invoker-bench", dependencies: ["RxModal", "RxModalPluginABI", "RxModalTestFixtures", "CFFI"]),
        // The leak check every test class inherits.
        .target(name: "RxTestSupport", dependencies: ["RxCore"], path: "Tests/RxTestSupport"),
        .testTarget(name: "RxCoreTests", dependencies: ["RxTestSupport", "RxCore", "RxTesting"]),
        .testTarget(name: "RxFlowsTests", dependencies: ["RxTestSupport", "RxFlows", "RxCore", "RxTesting"]),
        // Real C configuration methods for testing and measuring the libffi invoker.
        .target(name: "RxModalTestFixtures", dependencies: ["RxModalPluginABI"], path: "Tests/RxModalTestFixtures"),
        .target(name: "RxModalMail"),
        // Issue 5: plugins written in Swift. Each links the plugin ABI, its engine and a
        // little shared support statically, never the RxModal runtime, and exports only
        // rxm_plugin_entry (the version script says why).
        .target(name: "SwiftPluginSupport", dependencies: ["RxModalPluginABI"], path: "plugins/swift-plugin-support",
                exclude: ["exports.map"]),
        .target(name: "MailComposerPlugin", dependencies: ["SwiftPluginSupport", "RxModalMail"], path: "plugins/mailComposer",
                linkerSettings: swiftPluginLinkerSettings),
        .target(name: "MessageComposerPlugin", dependencies: ["SwiftPluginSupport"], path: "plugins/messageComposer",
                linkerSettings: swiftPluginLinkerSettings),
        // Runs against a real SMTP server (aiosmtpd) and msmtp, from MailTestSupport, whose
        // Python helpers in Support/ are run by path, not bundled.
        .target(name: "MailTestSupport", dependencies: ["RxModalMail"], path: "Tests/MailTestSupport", exclude: ["Support"]),
        .testTarget(name: "RxModalMailTests", dependencies: ["RxTestSupport", "MailTestSupport", "RxModalMail", "RxCore"]),
        // Issue 5: the composer plugins and their façade, loaded from the build directory;
        // the SMTP server and msmtp come from MailTestSupport.
        .testTarget(name: "RxModalComposerTests", dependencies: ["RxTestSupport", "MailTestSupport", "RxModal", "RxModalPluginABI", "RxCore"]),
        .testTarget(name: "RxModalTests", dependencies: ["RxTestSupport", "RxModal", "RxModalPluginABI", "RxCore", "RxTesting", "RxModalTestFixtures",
                                                  // The child process of the terminal surface's signal tests.
                                                  "rxmodal-terminal-probe"]),
    ]
)
