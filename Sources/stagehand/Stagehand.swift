import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandCommandLine
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The `stagehand` command: lists, describes and previews transition styles loaded from plugin libraries.
@main
struct Stagehand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stagehand",
    abstract: "A catalog of transition styles loaded from plugin libraries.",
    discussion: """
      Plugins are searched in STAGEHAND_PLUGIN_PATH (absolute directories, separated by ':'), then in \
      $XDG_DATA_HOME/stagehand/plugins, /usr/local/lib/stagehand/plugins, /usr/lib/stagehand/plugins, and next to \
      this executable. The first copy of a plugin id in that order wins. New and changed libraries are scanned in a \
      child process (stagehand-scanner) and the results kept in $XDG_CACHE_HOME/stagehand/registry.cache; a library \
      that crashes, hangs or breaks a rule there is quarantined or refused, and the other plugins work on.

      Exit codes: 0 success (also when some libraries were refused: 'stagehand plugins' lists them), 1 the plugin of \
      the requested style failed or was refused, 64 a usage error (unknown style, bad parameter or option). An error \
      is printed on standard error as 'stagehand: error: ...'; an error in the options or arguments adds where to \
      find the help of the command, such as 'Run 'stagehand preview --help' for usage.'
      """,
    version: StagehandVersion.current,
    subcommands: [
      List.self, Info.self, Preview.self, Render.self, Export.self, Gallery.self, Demo.self, Plugins.self, Scan.self,
      Check.self, NewPlugin.self, Manifest.self, Frei0r.self, GenerateManual.self,
    ]
  )

  /// Parses the command line and runs the command, then leaves with `_exit`: standard output is flushed first, and
  /// no library destructor runs, so a plugin cannot change the exit status of a command that succeeded.
  static func main() {
    // The registry's messages point to this command's subcommands, not to the library's API.
    MessageHints.current = .commandLine
    // A write past the file size limit (ulimit -f) fails with EFBIG instead of killing the process, so that the
    // command reports it and removes its temporary file, as it does for a full disk.
    SystemProcess.ignore(SIGXFSZ)
    let status: Int32
    do {
      if let problem = CommandLineValues.unboundedInput(Array(CommandLine.arguments.dropFirst())) {
        throw ValidationError(problem)
      }
      var command = try parseAsRoot()
      try command.run()
      status = 0
    } catch {
      // --help and --version print their text; an error prints one line, `stagehand: error: ...`, and a usage error
      // (exit code 64) a second one that points to the help of the command.
      let code = exitCode(for: error)
      if code == .success {
        let message = fullMessage(for: error)
        if !message.isEmpty { print(message) }
      } else {
        let message = message(for: error)
        if !message.isEmpty {
          printError("stagehand: error: " + message)
          if code == Exit.usage { printError(helpPointer(CommandLine.arguments.dropFirst())) }
        }
      }
      status = code.rawValue
    }
    fflush(nil)  // every stdio stream
    Registry.endPluginProcesses()  // so that none outlives the command, even as a zombie
    SystemProcess.exitNow(status)
  }
}

extension Stagehand {
  /// The line that points to the help of the subcommand the arguments name (the first argument that names one), or
  /// of `stagehand` itself.
  static func helpPointer(_ arguments: ArraySlice<String>) -> String {
    let names = configuration.subcommands.compactMap { $0.configuration.commandName }
    let command = arguments.first { names.contains($0) }.map { "stagehand \($0)" } ?? "stagehand"
    return "Run '\(command) --help' for usage."
  }
}

/// The version of the Stagehand host.
enum StagehandVersion {
  /// The version of the host.
  static let number = "0.1.0"

  /// What `stagehand --version` prints: the host's version, the plugin ABI it implements and the format of its
  /// registry cache, e.g. `stagehand 0.1.0 (plugin ABI 1.1, cache format 6)`.
  static var current: String {
    "stagehand \(number) (plugin ABI \(PluginABI.version), cache format \(RegistryCache.currentFormatVersion))"
  }
}
