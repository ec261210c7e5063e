import CStagehandSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file's path, recorded for the signal handler before the file is created: SIGINT, SIGTERM or SIGHUP
/// removes it (the handler `sh_temporary_remove_on_signals` installs, through StagehandRender's `InterruptCleanup`)
/// until it is forgotten, once renamed to its final name or removed.
package final class TemporaryPath: Sendable {
  /// The path.
  package let path: String
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
  package static func create(
    _ path: String, flags: Int32, mode: mode_t
  ) -> Result<(TemporaryPath, Int32), SystemCallError> {
    var slot: Int32 = -1
    let descriptor = sh_temporary_open(path, flags, UInt32(mode), &slot)
    guard descriptor >= 0 else { return .failure(SystemCallError("open", path: path, code: -descriptor)) }
    return .success((TemporaryPath(path, slot: slot), descriptor))
  }

  /// Records `path`, a file about to be made by a rename into it: from now on a signal removes whatever stands there.
  package static func record(_ path: String) -> TemporaryPath {
    TemporaryPath(path, slot: sh_temporary_add(path))
  }

  /// Forgets the path, once the file has been renamed or removed; a second call does nothing (the slot may hold
  /// another path by then).
  package func forget() { sh_temporary_forget(slot.exchange(-1, ordering: .acquiringAndReleasing)) }

  /// Removes the file and forgets the path.
  package func remove() {
    SystemFile.removeIfPossible(path)
    forget()
  }
}
