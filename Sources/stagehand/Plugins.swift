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

  @Flag(
    help: ArgumentHelp(
      "Print where plugins are looked for, in order, the user's own plugin directory and the folder of "
        + "stagehand_plugin.h, instead of the libraries."))
  var dirs = false

  @Flag(
    help: ArgumentHelp(
      "Print the compiler flag that finds stagehand_plugin.h (-I<folder>), for builds without pkg-config."))
  var cflags = false

  @OptionGroup var catalogOptions: CatalogOptions

  func validate() throws {
    if dirs && cflags { throw ValidationError("--dirs and --cflags print different things; give one of them") }
    if cflags && json { throw ValidationError("--cflags prints a compiler flag, not JSON; drop --json") }
  }

  func run() throws {
    if cflags {
      guard let header = PluginHeader.directory() else { throw ExitCode(Self.noHeader()) }
      print("-I" + header)
      return
    }
    if dirs {
      printDirectories()
      return
    }
    let catalog = try catalogOptions.registry().catalog()
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

extension Plugins {
  /// Prints the search path, the user's directory and the header's folder, as text or JSON.
  private func printDirectories() {
    let searchPath = PluginSearchPath.standard()
    for warning in searchPath.warnings { printError("stagehand: warning: \(warning)") }
    let user = PluginSearchPath.userDirectory()
    let header = PluginHeader.directory()
    if json {
      print(
        JSONOutput.document([
          "searchPath": .array(searchPath.directories.map { .string($0) }),
          "userDirectory": user.map { .string($0) } ?? .null,
          "headerDirectory": header.map { .string($0) } ?? .null,
        ]))
      return
    }
    print("Plugins are looked for in these directories, in order (the first holding a plugin id wins):")
    for directory in searchPath.directories {
      print("  " + directory + (directory == user ? "   (yours: install your plugins here)" : ""))
    }
    print("Your plugin directory: " + (user ?? "none (set HOME or XDG_DATA_HOME to an absolute path)"))
    print("The plugin header, stagehand_plugin.h: " + (header ?? "not found; " + Self.headerAdvice))
  }

  /// What to do when the header is in none of the folders tried.
  static var headerAdvice: String {
    "install Stagehand (Scripts/install.sh puts it in PREFIX/include/stagehand); looked in "
      + PluginHeader.candidates().joined(separator: ", ")
  }

  /// Says that the header was not found, and returns the exit code.
  private static func noHeader() -> Int32 {
    printError("stagehand: error: stagehand_plugin.h was not found; " + headerAdvice)
    return Exit.failure.rawValue
  }
}

extension LibraryReport {
  /// The library that wins over this one, when this one is shadowed.
  var shadowedBy: String? {
    if case .shadowed(let winner) = status { winner } else { nil }
  }
}
