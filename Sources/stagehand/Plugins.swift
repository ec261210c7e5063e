import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand plugins`: every library found on the search path, with its status and the reason.
struct Plugins: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plugins",
    abstract: "List every plugin library found, with its status: ok, refused, quarantined, shadowed, untrusted.",
    discussion: """
      A library is refused when it breaks a rule of stagehand_plugin.h, quarantined when scanning it crashed, hung, \
      exited or answered nonsense (it is scanned again when the file changes), shadowed when an earlier directory of \
      the search path holds the same plugin id (the copy named wins: that is how you override an installed plugin), \
      and untrusted when another user could have changed it or the allow-list does not list it.
      """)

  @Flag(help: "Print JSON for scripts instead of a table (Docs/JSON.md).")
  var json = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    let catalog = catalogOptions.registry().catalog()
    for warning in catalog.warnings { printError("stagehand: warning: \(warning)") }
    if json {
      print(JSONOutput.document(["libraries": .array(catalog.libraries.map(JSONOutput.library))]))
      return
    }
    var rows = [["STATUS", "PLUGIN", "VERSION", "LIBRARY", "REASON"]]
    for report in catalog.libraries {
      rows.append([
        report.status.name, report.plugin?.id ?? "-", report.plugin?.version ?? "-", report.path,
        report.status.reason.isEmpty ? "-" : report.status.reason,
      ])
    }
    print(table(rows))
  }
}

extension LibraryReport {
  /// The library that wins over this one, when this one is shadowed.
  var shadowedBy: String? {
    if case .shadowed(let winner) = status { winner } else { nil }
  }
}
