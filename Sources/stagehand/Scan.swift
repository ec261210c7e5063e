import ArgumentParser
import StagehandCatalog
import StagehandRender

/// `stagehand scan`: brings the registry cache up to date, scanning new and changed libraries.
struct Scan: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scan",
    abstract: "Scan new and changed plugin libraries and update the registry cache.",
    discussion: """
      Each library is opened in a scanner child process (stagehand-scanner) with a time limit, loaded, and every \
      style and preset built; a library that crashes, hangs, exits or answers nonsense is quarantined until its file \
      changes. A library quarantined because its scan ran out of time is scanned again by every 'stagehand scan' \
      (the machine may only have been busy). With --force, every library is scanned again.
      """)

  @Flag(help: "Scan every library again, whatever the cache says.")
  var force = false

  @Flag(help: "Print JSON for scripts instead of a summary line (Docs/JSON.md).")
  var json = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    // SIGINT, SIGTERM and SIGHUP remove the temporary files of the outputs, and end the command with the signal.
    InterruptCleanup.install()
    let registry = try catalogOptions.registry()
    let catalog = force ? registry.rescan() : registry.scan()
    for warning in catalog.warnings { printError("stagehand: warning: \(warning)") }
    if json {
      print(
        JSONOutput.document([
          "cache": .string(registry.options.cachePath),
          "libraries": .array(catalog.libraries.map(JSONOutput.library)),
        ]))
      if let line = catalog.unusableSummary { printError("stagehand: \(line)") }
      return
    }
    var counts: [String: Int] = [:]
    for report in catalog.libraries { counts[report.status.name, default: 0] += 1 }
    let summary = ["ok", "shadowed", "refused", "quarantined", "untrusted", "not-scanned"].compactMap { name in
      counts[name].map { "\($0) \(name)" }
    }
    let cache = registry.options.cachePath.map { "; cache \($0)" } ?? "; no cache"
    let count = catalog.libraries.count
    print(
      "\(count) \(count == 1 ? "library" : "libraries"): \(summary.isEmpty ? "none" : summary.joined(separator: ", "))"
        + cache)
    if let line = catalog.unusableSummary { printError("stagehand: \(line)") }
  }
}
