import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand manifest LIBRARY...`: writes the JSON manifest of plugin libraries, read from the libraries themselves.
struct Manifest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manifest",
    abstract: "Write the JSON manifest of plugin libraries (as kept in Catalog/).",
    discussion: "With -o (--output), writes one PLUGIN-ID.json file per library into that directory; else prints them.")

  @Argument(help: "Plugin library files.", completion: .libraries)
  var libraries: [String]

  @Option(
    name: [.customShort("o"), .long], help: ArgumentHelp("A directory to write the manifests into.", valueName: "dir"),
    completion: .directory)
  var output: String?

  func validate() throws {
    guard !libraries.isEmpty else { throw ValidationError("give at least one plugin library file") }
    guard !libraries.contains("") else { throw ValidationError("an empty library name is not a file; give a path") }
  }

  func run() throws {
    for library in libraries {
      let plugin: LoadedPlugin
      do {
        // A name without a slash would make dlopen search the library path; it means a file here.
        plugin = try LoadedPlugin.load(library.contains("/") ? library : "./" + library)
      } catch {
        printError("stagehand: error: \(error)")
        throw Exit.failure
      }
      let manifest = PluginManifest(plugin)
      if let output {
        let url = URL(fileURLWithPath: output).appendingPathComponent(manifest.fileName)
        do {
          try manifest.json().write(to: url, options: .atomic)
        } catch {
          printError(
            "stagehand: error: cannot write the manifest of \(library) to \(url.path): "
              + "\(errno == 0 ? "the write failed" : String(cString: strerror(errno))); give -o a directory that "
              + "exists and that you can write to")
          throw Exit.failure
        }
        print("wrote \(url.path)")
      } else {
        writeAll(STDOUT_FILENO, String(decoding: manifest.json(), as: UTF8.self))
      }
    }
  }
}
