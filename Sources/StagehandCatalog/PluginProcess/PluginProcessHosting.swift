import StagehandAnimation
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Lets an application's own executable be its plugin process, so that an application that links the library needs
/// no `stagehand-scanner` installed beside it, and still runs no plugin code in its own process.
///
/// Call ``runIfAsked(_:)`` first thing in `main`, before anything else runs:
///
/// ```swift
/// import StagehandCatalog
///
/// PluginProcessHosting.runIfAsked()
/// // ... the application, which makes a Registry as usual
/// ```
///
/// When the registry starts its plugin process (to scan libraries and to build), it runs this executable again with
/// `--stagehand-plugin-process` as its first argument; `runIfAsked` then serves the host's requests in the sandbox and
/// exits, never returning to the application's code. Any other time it returns at once, and the registries of this
/// process use this executable as their plugin process (unless `STAGEHAND_SCANNER` names another).
public enum PluginProcessHosting {
  /// The first argument that starts the plugin process mode.
  public static let argument = "--stagehand-plugin-process"

  private static let hosting = Locked<Bool>(false)

  /// Whether this process's executable serves as its plugin process (``runIfAsked(_:)`` was called).
  public static var isHosting: Bool { hosting.withLock { $0 } }

  /// Serves as the plugin process and exits when the arguments ask for it; otherwise records that this executable
  /// can be the plugin process, and returns.
  public static func runIfAsked(_ arguments: [String] = CommandLine.arguments) {
    if arguments.count >= 2, arguments[1] == argument {
      ScannerChild.main(Array(arguments.dropFirst(2)))
    }
    hosting.withLock { $0 = true }
  }
}
