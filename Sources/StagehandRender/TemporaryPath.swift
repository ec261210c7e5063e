import CStagehandSystem
import StagehandSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file's path, recorded for the signal handler before the file is created: SIGINT, SIGTERM or SIGHUP
/// removes it (``InterruptCleanup``) until it is forgotten, once renamed to its final name or removed.
final class TemporaryPath: Sendable {
  /// The path.
  let path: String
  /// Its slot in the signal handler's table, or a negative number when the table had no room (then a signal leaves
  /// the file behind; an error never does) or once it is forgotten.
  private let slot: Atomic<Int32>

  private init(_ path: String, slot: Int32) {
    self.path = path
    self.slot = Atomic(slot)
  }

  /// Records `path` and creates the file with `flags` and `mode`, as one step that the signal handler waits for (no
  /// file can appear after the handler has looked for it); returns the record and the open descriptor, or the error
  /// number of the failed open (the path is then forgotten).
  static func create(_ path: String, flags: Int32, mode: mode_t) -> Result<(TemporaryPath, Int32), SystemError> {
    var slot: Int32 = -1
    let descriptor = sh_temporary_open(path, flags, UInt32(mode), &slot)
    guard descriptor >= 0 else { return .failure(SystemError(code: -descriptor)) }
    return .success((TemporaryPath(path, slot: slot), descriptor))
  }

  /// The error number of a temporary file that could not be created.
  struct SystemError: Error {
    /// The error number.
    var code: Int32
  }

  /// Forgets the path, once the file has been renamed or removed; a second call does nothing (the slot may hold
  /// another path by then).
  func forget() { sh_temporary_forget(slot.exchange(-1, ordering: .acquiringAndReleasing)) }

  /// Removes the file and forgets the path.
  func remove() {
    SystemFile.removeIfPossible(path)
    forget()
  }
}

/// The signal handler that removes the temporary files of the outputs being written.
public enum InterruptCleanup {
  /// Installs the handler for SIGINT, SIGTERM and SIGHUP (except those the process ignores): it removes every
  /// temporary file an output writer made and has not yet renamed, then ends the process with the same signal, so
  /// that the exit status is the signal's (130, 143 or 129 in a shell). Calls only async-signal-safe functions.
  public static func install() {
    _ = sh_temporary_remove_on_signals()
  }
}
