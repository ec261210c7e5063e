/// One thing the validator found about a plugin library: a broken MUST of the header (an error) or a broken SHOULD (a
/// warning), with the header section that states the rule.
public struct CheckFinding: Codable, Hashable, Sendable {
  /// How serious a finding is.
  public enum Severity: String, Codable, Hashable, Sendable {
    /// A MUST of the header is broken: the host refuses the plugin, or would misbehave with it.
    case error
    /// A SHOULD of the header is broken, or something looks like a mistake.
    case warning
  }

  /// How serious it is.
  public var severity: Severity
  /// The section of `stagehand_plugin.h` that states the rule.
  public var section: Int
  /// The style (or preset) concerned, if any.
  public var style: String?
  /// The parameter concerned, if any.
  public var parameter: String?
  /// What is wrong, and what to do.
  public var message: String

  /// Creates a finding.
  public init(
    _ severity: Severity, section: Int, style: String? = nil, parameter: String? = nil, _ message: String
  ) {
    self.severity = severity
    self.section = section
    self.style = style
    self.parameter = parameter
    self.message = message
  }

  /// The finding as one line: `error (section 9): style 'flip': ...`.
  public var line: String {
    var text = "\(severity.rawValue) (section \(section)): "
    if let style { text += "style '\(style)': " }
    if let parameter { text += "parameter '\(parameter)': " }
    return text + message
  }
}

/// Everything the validator found about one library.
public struct CheckReport: Codable, Hashable, Sendable {
  /// The library, as named on the command line.
  public var library: String
  /// The plugin's id and version, when it could be read.
  public var plugin: String?
  /// How many builds were made and compared.
  public var builds: Int
  /// The findings, in the order they were found.
  public var findings: [CheckFinding]
  /// The reduced-motion fallbacks that name another plugin's style or preset (`plugin-id:name`), by the name of the
  /// style that gives them: the child cannot resolve them, the host does against its catalog
  /// (``IsolatedCheck/installed``).
  public var fallbacksToOtherPlugins: [String: String] = [:]

  /// Creates a report.
  public init(library: String, plugin: String? = nil, builds: Int = 0, findings: [CheckFinding] = []) {
    self.library = library
    self.plugin = plugin
    self.builds = builds
    self.findings = findings
  }

  /// The number of errors.
  public var errors: Int { findings.count { $0.severity == .error } }
  /// The number of warnings.
  public var warnings: Int { findings.count { $0.severity == .warning } }

  /// Whether the library passes: no error, and no warning either when `strict`.
  public func passes(strict: Bool) -> Bool {
    errors == 0 && (!strict || warnings == 0)
  }

  /// The summary line: `libx.so (org.example.x 1.0.0): 2 errors, 1 warning, 96 builds`.
  public var summary: String {
    func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    let name = plugin.map { "\(library) (\($0))" } ?? library
    return "\(name): \(count(errors, "error")), \(count(warnings, "warning")), \(count(builds, "build"))"
  }
}
