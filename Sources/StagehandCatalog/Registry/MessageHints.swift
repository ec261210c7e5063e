import StagehandAnimation
import StagehandSystem

/// Where the registry's messages send a reader for more: to this library's API (the default: an application's
/// developer reads them), or to the `stagehand` command's subcommands (the command chooses this at start).
public enum MessageHints: Sendable {
  /// Hints name the library's API: `Registry.catalog()`, `Registry.rescan()`, `RegistryOptions`.
  case library
  /// Hints name the `stagehand` command's subcommands: `stagehand list`, `stagehand plugins`, `stagehand scan`.
  case commandLine

  private static let chosen = Locked(MessageHints.library)

  /// The hints of this process's messages; set once at start.
  public static var current: MessageHints {
    get { chosen.withLock { $0 } }
    set { chosen.withLock { $0 = newValue } }
  }

  /// Where the installed styles are listed, as the end of a sentence ("... lists the installed styles").
  static var styleList: String {
    current == .commandLine
      ? "run 'stagehand list' to see the installed styles" : "Registry.catalog().entries lists the installed styles"
  }

  /// The same, after suggestions: "... to see all".
  static var styleListAfterSuggestions: String {
    current == .commandLine ? "Run 'stagehand list' to see all" : "Registry.catalog().entries lists them all"
  }

  /// Where a reader learns why libraries cannot be used.
  static var whyUnusable: String {
    current == .commandLine ? "run 'stagehand plugins' to see why" : "Registry.catalog().unusable says why"
  }

  /// Where every library and its status are listed, in parentheses after a sentence.
  static var libraryList: String {
    current == .commandLine
      ? "'stagehand plugins' lists every library and why" : "Registry.catalog().libraries lists every library and why"
  }

  /// How to scan a changed library again.
  static var rescan: String {
    current == .commandLine
      ? "run 'stagehand scan' to scan it again, or restart the program"
      : "call Registry.rescan() to scan it again, or make a new Registry"
  }

  /// How to give the registry a plugin process and a scanner when none was found.
  static var scannerMissing: String {
    current == .commandLine
      ? "stagehand-scanner was not found next to the program; install it there, or set STAGEHAND_SCANNER to its path"
      : "no plugin process executable was found: call PluginProcessHosting.runIfAsked() at the start of the "
        + "program (it then serves as its own plugin process), or set RegistryOptions.scanner (or STAGEHAND_SCANNER) "
        + "to the path of stagehand-scanner"
  }

  /// What to do when no library was found at all.
  static var noLibraries: String {
    current == .commandLine
      ? "build them with 'swift build', or add a directory to STAGEHAND_PLUGIN_PATH"
      : "put plugin libraries in one of them (a package's bundled plugin products are built next to the program), "
        + "or add a directory with STAGEHAND_PLUGIN_PATH or PluginSearchPath"
  }
}
