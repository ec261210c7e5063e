import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins
import StagehandRender
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand frei0r -o DIR [STYLE...]`: writes a frei0r mixer2 module per style, for MLT (melt, Kdenlive, Shotcut)
/// and GStreamer (Docs/VideoTools.md).
struct Frei0r: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frei0r",
    abstract: "Write a frei0r mixer2 module per style, for MLT (melt, Kdenlive, Shotcut) and GStreamer.",
    discussion: """
      Each module is DIR/stagehand-STYLE.so (a copy of libStagehandFrei0rModule.so: it takes its style from its file \
      name), and DIR/\(settingsName) says where the modules find the frei0r core (libStagehandFrei0r.so), this \
      stagehand's directory (for stagehand-scanner and the bundled plugins) and STAGEHAND_PLUGIN_PATH as it is now. \
      Inside a host, the registry works as here: the cache, the sandboxed plugin process and the trust rules apply. \
      Without STYLE, every style installed now (third-party ones included); with --bundled, the bundled ones only. \
      A style whose name another plugin also provides gets the module of the one found first.

      Hosts find modules in FREI0R_PATH (directories separated by ':'), else in ~/.frei0r-1/lib, \
      /usr/local/lib/frei0r-1 and /usr/lib/frei0r-1: e.g. FREI0R_PATH=DIR melt ... -transition \
      frei0r.stagehand-push, or gst-launch-1.0 ... frei0r-mixer-stagehand-push position=0.5. The parameters: \
      position (0 to 1), inverse, timing, preset, then the style's own (see 'stagehand info STYLE').

      Exit codes: 0 success, 1 the modules could not be written or the frei0r libraries are missing, 64 a usage \
      error (unknown style).
      """)

  /// The settings file's name (`SH_FREI0R_SETTINGS_NAME` in stagehand_frei0r.h).
  static let settingsName = "stagehand-frei0r.conf"

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp("The directory to write the modules to (made when missing).", valueName: "directory"),
    completion: .directory)
  var output: String

  @Argument(help: "The styles to write modules for (default: every style installed).", completion: .styleNames)
  var styles: [String] = []

  @Flag(help: "Only the bundled styles (those next to this executable), as Scripts/install.sh installs them.")
  var bundled = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    let directory = PluginSearchPath.executableDirectory
    let libraries = [directory, directory + "/../lib/stagehand"].map(PluginSearchPath.normalized)
    guard
      let home = libraries.first(where: {
        SystemFile.isAccessible($0 + "/libStagehandFrei0rModule.so", R_OK)
          && SystemFile.isAccessible($0 + "/libStagehandFrei0r.so", R_OK)
      })
    else {
      printError(
        "stagehand: error: the frei0r libraries (libStagehandFrei0rModule.so and libStagehandFrei0r.so) are in "
          + "neither \(libraries.joined(separator: " nor ")); build them (swift build) or install Stagehand with "
          + "Scripts/install.sh")
      throw Exit.failure
    }
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    let names = try chosenStyles(registry, bundledDirectories: [directory, libraries[1] + "/plugins"])
    do throws(RenderError) {
      _ = try OutputDirectories.create(output, for: output)
    } catch {
      printError("stagehand: error: \(error)")
      throw Exit.failure
    }
    guard let status = try? SystemFile.status(ofPath: output), SystemFile.isDirectory(status) else {
      printError(
        "stagehand: error: '\(output)' is not a directory (a file is in the way); give -o a directory for the modules")
      throw Exit.failure
    }
    let template: Data
    do {
      template = try Data(contentsOf: URL(fileURLWithPath: home + "/libStagehandFrei0rModule.so"))
    } catch {
      printError("stagehand: error: cannot read \(home)/libStagehandFrei0rModule.so (\(error))")
      throw Exit.failure
    }
    var lines = [
      "# Written by 'stagehand frei0r': where the Stagehand frei0r modules in this directory find Stagehand.",
      "core=\(home)/libStagehandFrei0r.so",
      "stagehand=\(directory)",
    ]
    if let path = ProcessEnvironment.current["STAGEHAND_PLUGIN_PATH"] { lines.append("plugin-path=\(path)") }
    try write(Data((lines.joined(separator: "\n") + "\n").utf8), to: output + "/" + Self.settingsName, mode: 0o644)
    for name in names {
      try write(template, to: output + "/stagehand-\(name).so", mode: 0o755)
    }
    let shown = output.escapingControlCharacters
    print(
      "\(shown): \(names.count) frei0r \(names.count == 1 ? "module" : "modules") (stagehand-\(names.first ?? "").so"
        + (names.count > 1 ? " ... stagehand-\(names.last ?? "").so" : "")
        + ") and \(Self.settingsName); use them with "
        + "FREI0R_PATH=\(absolute(output))")
  }

  /// The style names to write modules for: the ones given (resolved, so that a typo is a usage error), else every
  /// style of the catalog (of the bundled directories only, with `--bundled`), each name once.
  func chosenStyles(_ registry: Registry, bundledDirectories: [String]) throws -> [String] {
    if !styles.isEmpty {
      var names: [String] = []
      for style in styles {
        do throws(RegistryError) {
          let resolved = try registry.resolve(style)
          let name = resolved.name
          guard name.utf8.allSatisfy({ $0 > 0x20 && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ":") }) else {
            throw RegistryError.unknownStyle(style, suggestions: [], unusableLibraries: 0)
          }
          if !names.contains(name) { names.append(name) }
        } catch {
          throw Exit.report(error)
        }
      }
      return names
    }
    let bundled = Set(bundledDirectories.map(PluginSearchPath.normalized))
    var names: [String] = []
    for entry in registry.catalog().entries {
      if bundled.isEmpty == false, self.bundled {
        let file = entry.plugin.file
        let parent = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        guard bundled.contains(PluginSearchPath.normalized(parent)) else { continue }
      }
      if !names.contains(entry.style.name) { names.append(entry.style.name) }
    }
    return names
  }

  /// `path` made absolute (hosts read `FREI0R_PATH` from wherever they run).
  func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let resolved = try? SystemFile.resolvedPath(path) else { return path }
    return resolved
  }

  /// Writes `data` to `path` under a temporary name, then renames it: a host that has the old file open keeps it.
  func write(_ data: Data, to path: String, mode: mode_t) throws {
    let temporary = path + ".tmp-\(SystemProcess.id)"
    do throws(SystemCallError) {
      let descriptor = try SystemFile.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: mode)
      do {
        try SystemFile.writeAll(descriptor, [UInt8](data), path: temporary)
        // The mode asked for, whatever the umask made of it at the creation.
        try SystemFile.setMode(descriptor, mode, path: temporary)
      } catch {
        SystemFile.close(descriptor)
        throw error
      }
      try SystemFile.closeWritten(descriptor, path: temporary)
      try SystemFile.rename(temporary, to: path)
    } catch {
      SystemFile.removeIfPossible(temporary)
      printError("stagehand: error: cannot write \(path) (\(error.reason)); give another -o")
      throw Exit.failure
    }
  }
}
