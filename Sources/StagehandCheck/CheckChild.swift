import CStagehandSystem
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// What the validator's child says to the host: one JSON object per line on descriptor 3.
enum CheckMessage: Codable {
  /// What the child is about to do (so that a crash or a hang can be reported with it).
  case progress(String)
  /// Everything it found; the last message.
  case report(CheckReport)
}

/// The validator's child: what `stagehand-scanner check` runs.
///
/// Started by ``IsolatedCheck`` with `check --first-descriptor F PATH`: the library is open as descriptor F, the
/// answer pipe is descriptor 3, standard input, output and error are `/dev/null`. It checks the exported symbols,
/// loads the library from its descriptor with its output captured, runs ``PluginChecker``, answers the report and
/// exits with `_exit`, so that no library destructor runs.
public enum CheckChild {
  /// Runs the child with its arguments (after `check`) and exits.
  public static func main(_ arguments: [String]) -> Never {
    guard arguments.count == 3, arguments[0] == "--first-descriptor", let descriptor = Int32(arguments[1]) else {
      let usage = "usage: stagehand-scanner check --first-descriptor F PATH (started by 'stagehand check')\n"
      try? SystemFile.writeAll(2, Array(usage.utf8))
      SystemProcess.exitNow(64)
    }
    SystemProcess.restoreDefault(SIGPIPE)
    let path = arguments[2]
    var report = CheckReport(library: path)
    if let names = ExportedSymbols.names(descriptor: descriptor) {
      let extra = names.filter { $0 != "stagehand_plugin_v1" && !ExportedSymbols.linkerDefined.contains($0) }
      if !extra.isEmpty {
        let shown = extra.prefix(5).joined(separator: ", ") + (extra.count > 5 ? " and \(extra.count - 5) more" : "")
        report.findings.append(
          CheckFinding(
            .warning, section: 10,
            "it exports \(extra.count) symbol\(extra.count == 1 ? "" : "s") besides the entry (\(shown)); build with "
              + "-fvisibility=hidden, or a linker version script, so that it exports stagehand_plugin_v1 only"))
      }
    }
    let output = OutputCapture(name: "stagehand-check-output")
    // Every descriptor it writes to is open: from here on, the library's code runs in the sandbox.
    ScannerChild.enterSandbox(descriptorLimit: descriptor + 64)
    func captured(_ what: String) {
      output.end()
      if let (size, _) = output.take(limit: 0) {
        report.findings.append(
          CheckFinding(
            .warning, section: 7,
            "it printed \(size) bytes to standard output or error \(what); a plugin should print nothing"))
      }
    }
    func capturing() { output.begin() }

    send(.progress("loading the library"))
    capturing()
    let plugin: LoadedPlugin
    let loadStart = ContinuousClock.now
    do throws(PluginError) {
      plugin = try LoadedPlugin.load(path, descriptor: descriptor)
      let loading = ContinuousClock.now - loadStart
      let scanLimit = PluginScanner.defaultTimeout
      if loading > .seconds(scanLimit) {
        let seconds = Double(loading.components.seconds) + Double(loading.components.attoseconds) / 1e18
        report.findings.append(
          CheckFinding(
            .error, section: 7,
            "loading it took \((seconds * 10).rounded() / 10) s, more than the \(Int(scanLimit)) s a scan gives a "
              + "library by default, so scans would quarantine it; its constructors and entry should only initialise "
              + "constant data"))
      }
    } catch {
      captured("while it was loaded")
      report.findings.append(CheckFinding(.error, section: section(of: error.reason), "\(error)"))
      send(.report(report))
      SystemProcess.exitNow(0)
    }
    captured("while it was loaded")
    report.plugin = "\(plugin.info.id) \(plugin.info.version)"
    var checker = PluginChecker(plugin: plugin) { send(.progress($0)) }
    capturing()
    checker.run()
    captured("while its styles were built")
    report.findings += checker.findings
    report.builds = checker.builds
    for style in plugin.info.styles {
      guard let fallback = style.reducedMotionFallback, let other = FallbackReference(fallback).plugin,
        other != plugin.info.id
      else { continue }
      report.fallbacksToOtherPlugins[style.name] = fallback
    }
    send(.report(report))
    SystemProcess.exitNow(0)
  }

  /// The header section that states the rule a load failure breaks.
  static func section(of reason: PluginError.Reason) -> Int {
    switch reason {
    case .cannotOpen, .untrustedDependency: 1
    case .missingEntry, .nullDescriptor: 14
    case .abiMajorMismatch, .abiMinorTooNew, .structTooSmall, .inconsistentStructSize: 4
    case .missingString, .invalidUTF8, .stringTooLong, .badName, .duplicateName: 6
    case .reservedFlags: 10
    case .cannotPrepareCall: 13
    case .pointsOutsideLibrary: 5
    case .buildFailed: 8
    case .badCount, .missingArray, .unexpectedArray, .unknownParameterType, .badRange, .badDefaultDuration,
      .missingBuilder, .badPreset, .badFallback:
      12
    }
  }

  /// Writes one message to the pipe as a line of JSON; exits when the host has gone.
  static func send(_ message: CheckMessage) {
    guard var bytes = try? JSONEncoder().encode(message) else { SystemProcess.exitNow(70) }
    bytes.append(UInt8(ascii: "\n"))
    ScannerChild.writeAnswer(Array(bytes))
  }
}
