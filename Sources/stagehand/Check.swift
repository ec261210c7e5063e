import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandCheck
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand check LIBRARY...`: the plugin validator.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check plugin libraries against every rule of stagehand_plugin.h that loading and building can test.",
    discussion: """
      Each library is loaded in a child process of its own (a crash or a hang is reported, not suffered) and every \
      style and preset is built, forward and inverse, twice, in containers from 1x1 to 8192x8192. A broken MUST of \
      the header is an error; a broken SHOULD, or something that looks like a mistake, is a warning. Each finding \
      names the section of the header that states the rule. Checked: the exported symbols, output at load, the \
      entry's descriptor, determinism, build time, the flags SH_STYLE_USES_3D and SH_STYLE_SYMMETRIC (with the \
      draw order where both contents show), the default duration against the steps, the effect of every parameter \
      (a builder that takes an int or a float for a double), leading and trailing directions against the layout \
      direction (the right-to-left build mirrors the left-to-right one), the new content seen in the last frame of \
      the forward animation and the revealed one in that of the inverse, springs barely damped or settling far past \
      their step, large motion with reduced motion asked for and no fallback, fallbacks into other plugins against the installed \
      catalog, and the descriptive strings.

      Exit codes: 0 no error (warnings allowed unless --strict), 1 an error (or, with --strict, a warning), 64 a \
      usage error.
      """)

  @Argument(
    help: "Plugin libraries (.so files), or directories whose *.so files are checked.", completion: .libraries)
  var libraries: [String]

  @Flag(help: "Treat warnings as errors.")
  var strict = false

  @Flag(help: "Print JSON for scripts instead of lines (Docs/JSON.md).")
  var json = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The time limit for checking one library, in seconds (default 60).", valueName: "seconds"))
  var scanTimeout: OptionValue<TimeLimit>?

  /// `--timeout`, the name `--scan-timeout` had before every command used the same one; kept for scripts, hidden.
  @Option(name: .customLong("timeout"), parsing: .unconditional, help: .hidden)
  var oldTimeout: OptionValue<TimeLimit>?

  /// The time limit given, if any: a usage error for one that is not valid, named by the option that gave it.
  private func timeLimit() throws(ValidationError) -> TimeLimit? {
    guard let (option, given) = scanTimeout.map({ ("--scan-timeout", $0) }) ?? oldTimeout.map({ ("--timeout", $0) })
    else { return nil }
    return try given.limit(option: option)
  }

  func validate() throws {
    if scanTimeout != nil, oldTimeout != nil {
      throw ValidationError("--timeout is the old name of --scan-timeout; give one of them, not both")
    }
    _ = try timeLimit()
  }

  func run() throws {
    let options = RegistryOptions.standard(environment: ProcessEnvironment.current)
    let scanner = try requiredScanner(options, for: "the validator")
    var checker = IsolatedCheck(executable: scanner)
    // Fallbacks into other plugins are resolved against the installed catalog, as the host would when playing them.
    let registry = Registry(searchPath: .standard(environment: ProcessEnvironment.current), options: options)
    keptRegistries.withLock { $0.append(registry) }
    checker.installed = Set(
      registry.catalog().plugins.flatMap { plugin in
        plugin.info.styles.flatMap { style in
          [style.name] + style.presets.map(\.name)
        }.map { "\(plugin.info.id):\($0)" }
      })
    if let limit = try timeLimit() { checker.timeout = limit.seconds }
    var paths: [String] = []
    for library in libraries {
      if let info = try? SystemFile.status(ofPath: library), SystemFile.isDirectory(info) {
        let found = Self.libraries(in: library)
        if found.isEmpty { printError("stagehand: warning: \(library) holds no *.so file") }
        paths += found
      } else {
        paths.append(library)
      }
    }
    // The validator builds every style hundreds of times: a directory of libraries takes a while.
    let progress = ProgressLine("checking plugin libraries")
    var reports: [CheckReport] = []
    for (index, path) in paths.enumerated() {
      progress.update(done: index, total: paths.count, item: path)
      reports.append(checker.check(path))
    }
    progress.finish()
    if json {
      print(
        JSONOutput.document([
          "strict": .bool(strict), "passed": .bool(reports.allSatisfy { $0.passes(strict: strict) }),
          "libraries": .array(reports.map { $0.json(strict: strict) }),
        ]))
    } else {
      for report in reports {
        print(report.summary.escapingControlCharacters)
        for finding in report.findings { print("  " + finding.line.escapingControlCharacters) }
      }
      if reports.count > 1 {
        let passed = reports.count { $0.passes(strict: strict) }
        print("\(passed) of \(reports.count) libraries passed\(strict ? " (strict)" : "")")
      }
    }
    if !reports.allSatisfy({ $0.passes(strict: strict) }) { throw ExitCode(1) }
  }

  /// The `*.so` files of a directory, sorted; not the package's own libraries that are not plugins (the frei0r core
  /// and module, which SwiftPM builds next to the bundled plugins), as the search skips them.
  static func libraries(in directory: String) -> [String] {
    guard let entries = try? SystemDirectory.names(in: directory) else { return [] }
    let names = entries.filter {
      $0.hasSuffix(".so") && !$0.hasPrefix(".") && !PluginSearchPath.isNotPlugin(fileName: $0)
    }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return names.sorted().map { prefix + $0 }
  }
}

extension CheckReport {
  /// The report in the `--json` vocabulary: the plugin's id and version apart, the counts, and the findings.
  func json(strict: Bool) -> JSONValue {
    // The validator gives `ID VERSION`; a plugin id has no space (it is reverse-DNS), so the first space splits them.
    let reference: JSONValue =
      plugin.map { text in
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        return JSONOutput.pluginReference(id: parts[0], version: parts.count > 1 ? parts[1] : "")
      } ?? .null
    return .object([
      "library": .string(library), "plugin": reference, "builds": .integer(builds), "errors": .integer(errors),
      "warnings": .integer(warnings), "passed": .bool(passes(strict: strict)),
      "findings": .array(
        findings.map { finding in
          .object([
            "severity": .string(finding.severity.rawValue), "section": .integer(finding.section),
            "style": .string(finding.style), "parameter": .string(finding.parameter),
            "message": .string(finding.message),
          ])
        }),
    ])
  }
}
