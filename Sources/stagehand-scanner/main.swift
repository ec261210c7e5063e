// stagehand-scanner: the sandboxed child process that runs plugin code for the host, so that a library that crashes,
// hangs, exits or prints cannot harm it: it scans new or changed libraries for `PluginScanner` and builds animations
// as the registry's plugin process (`PluginProcess`), with one protocol (see `ScannerChild`), and with `check` first
// validates one library for `IsolatedCheck`, for `stagehand check` (see `CheckChild`).

import StagehandCatalog
import StagehandCheck

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "check" {
  CheckChild.main(Array(arguments.dropFirst()))
}
ScannerChild.main(arguments)
