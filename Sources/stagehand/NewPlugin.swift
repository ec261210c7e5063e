import ArgumentParser
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand new-plugin ID`: writes a plugin project to start from.
struct NewPlugin: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-plugin",
    abstract: "Write a new plugin project, in C or Swift (a package), with a Makefile, ready to build.",
    discussion: """
      The plugin has one style, named after the last label of ID, with an enum and a decimal parameter and a preset. \
      As written it builds with 'make' (stagehand_plugin.h is found by pkg-config, else by 'stagehand plugins \
      --cflags') and passes 'make check' (stagehand check --strict). 'make install' copies it into \
      $XDG_DATA_HOME/stagehand/plugins (~/.local/share/stagehand/plugins when XDG_DATA_HOME is unset), where \
      stagehand finds it, and says where it went. The directory must not exist, or be empty.
      """)

  @Argument(help: "The plugin id: a reverse-DNS name of a domain you control, e.g. org.example.slide-in.")
  var id: String

  @Option(help: "The language of the project: c or swift.", completion: .list(["c", "swift"]))
  var language: OptionValue<PluginTemplate.Language> = "c"

  @Option(
    name: [.short, .customLong("output")], help: "The directory to write (default: the style's name).",
    completion: .directory)
  var output: String?

  func validate() throws {
    guard Names.isPluginID(id), id.utf8.count <= 128 else {
      throw ValidationError("'\(id.escapingControlCharacters)' is not a plugin id: \(Names.pluginIDRule)")
    }
    _ = try chosenLanguage()
  }

  /// The language of the project: a usage error for one that is not c or swift.
  func chosenLanguage() throws(ValidationError) -> PluginTemplate.Language {
    try language.value { text, _ in "--language '\(text.escapingControlCharacters)' is not one of c, swift" }
  }

  func run() throws {
    let template = PluginTemplate(id: id, language: try chosenLanguage())
    let directory = output ?? template.style
    if let names = try? SystemDirectory.names(in: directory) {
      guard names.isEmpty else {
        printError("stagehand: error: \(directory) exists and is not empty; name another directory with --output")
        throw ExitCode(1)
      }
    } else {
      do {
        try SystemFile.makeDirectory(directory, mode: 0o755)
      } catch {
        printError("stagehand: error: cannot create \(directory): \(error.reason)")
        throw ExitCode(1)
      }
    }
    for (name, contents) in template.files {
      let path = directory + "/" + name
      // Subdirectories (a Swift package's Sources/...), made as needed.
      var parent = directory
      for component in name.split(separator: "/").dropLast() {
        parent += "/" + component
        do {
          try SystemFile.makeDirectory(parent, mode: 0o755)
        } catch  where error.code != EEXIST {
          printError("stagehand: error: cannot create \(parent): \(error.reason)")
          throw ExitCode(1)
        } catch {}
      }
      // O_EXCL: a file that appeared meanwhile is never overwritten.
      let descriptor: Int32
      do {
        descriptor = try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
      } catch {
        printError("stagehand: error: cannot create \(path): \(error.reason)")
        throw ExitCode(1)
      }
      do {
        try SystemFile.writeAll(descriptor, Array(contents.utf8), path: path)
      } catch {
        printError("stagehand: error: cannot write \(path): \(error.reason)")
        SystemFile.close(descriptor)
        throw ExitCode(1)
      }
      do {
        try SystemFile.closeWritten(descriptor, path: path)
      } catch {
        printError("stagehand: error: cannot write \(path): \(error.reason)")
        throw ExitCode(1)
      }
    }
    print("wrote \(directory): \(template.files.map(\.name).joined(separator: ", "))")
    print("next: cd \(directory) && make && make check && make install && stagehand preview \(template.style)")
  }
}
