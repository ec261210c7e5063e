import CStagehandSystem

/// The signal handler that removes the temporary files of the outputs being written.
public enum InterruptCleanup {
  /// Installs the handler for SIGINT, SIGTERM and SIGHUP (except those the process ignores): it removes every
  /// temporary file an output writer made and has not yet renamed, then ends the process with the same signal, so
  /// that the exit status is the signal's (130, 143 or 129 in a shell). Calls only async-signal-safe functions.
  public static func install() {
    _ = sh_temporary_remove_on_signals()
  }
}
