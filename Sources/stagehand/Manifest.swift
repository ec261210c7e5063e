import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand manifest LIBRARY...`: writes the JSON manifest of plugin libraries, read from the libraries
/// by the sandboxed scanner (no plugin code runs in this process).
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
    let options = RegistryOptions.standard(environment: ProcessEnvironment.current)
    let executable = try requiredScanner(options, for: "manifest")
    var scanner = PluginScanner(executable: executable, timeout: options.scanTimeout)
    scanner.arguments = options.scannerArguments
    // A name without a slash means a file in the current directory, never one the loader's search finds.
    let paths = libraries.map { $0.contains("/") ? $0 : "./" + $0 }
    let results: [Result<PluginManifest, ManifestError>]
    do {
      results = try PluginManifest.scan(paths, scanner: scanner)
    } catch {
      printError("stagehand: error: \(error)")
      throw ExitCode(1)
    }
    var failed = false
    for result in results {
      switch result {
      case .failure(let error):
        printError("stagehand: error: \(error)")
        failed = true
      case .success(let manifest):
        if let output {
          let url = URL(fileURLWithPath: output).appendingPathComponent(manifest.fileName)
          do {
            try manifest.json().write(to: url, options: .atomic)
          } catch {
            printError(
              "stagehand: error: cannot write the manifest of \(manifest.library) to \(url.path): "
                + "\(errno == 0 ? "the write failed" : SystemCallError.reason(errno)); give -o a directory that "
                + "exists and that you can write to")
            throw Exit.failure
          }
          print("wrote \(url.path)")
        } else {
          writeAll(STDOUT_FILENO, String(decoding: manifest.json(), as: UTF8.self))
        }
      }
    }
    if failed { throw ExitCode(1) }
  }
}
