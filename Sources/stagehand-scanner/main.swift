// stagehand-scanner: the child process that opens new or changed plugin libraries for the host, so that a library
// that crashes, hangs, exits or prints cannot harm it. Started by `PluginScanner` (see `ScannerChild` for the
// protocol), and with `check` first by `IsolatedCheck`, for `stagehand check` (see `CheckChild`).

import StagehandCatalog
import StagehandCheck

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "check" {
  CheckChild.main(Array(arguments.dropFirst()))
}
ScannerChild.main(arguments)
