import Glibc
import RxModal

// The plugin scanner: reads plugin descriptors in a process of its own for the
// RxModal runtime (see PluginScanner in Sources/RxModal/Registry).
exit(PluginScannerProcess.main(arguments: Array(CommandLine.arguments.dropFirst())))
