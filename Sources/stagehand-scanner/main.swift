// stagehand-scanner: the child process that opens new or changed plugin libraries for the host, so that a library
// that crashes, hangs, exits or prints cannot harm it. Started by `PluginScanner`; see `ScannerChild` for the protocol.

import StagehandCatalog

ScannerChild.main(Array(CommandLine.arguments.dropFirst()))
