import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The one trust rule: a file or directory is trusted only when no user but the current one and root could have
/// changed it (not writable by group or others, owned by the user or root). The catalog applies it to libraries,
/// their directories and the allow-list, the cache to its file and directory, the scanner to what it opens.
package enum TrustRule {
  /// The user running this process, asked once (a system call per library was 5% of `list`).
  package static let user = SystemProcess.userID

  /// How a file or directory breaks the rule that only the user or root may change it.
  package enum Violation {
    /// Writable by its group (or, when `byEveryone`, by every user).
    case writable(byEveryone: Bool)
    /// Owned by another user than the current one and root.
    case foreignOwner(uid: UInt32)
  }

  /// How the file or directory with status `info` breaks the rule, or nil: the one rule for libraries, their
  /// directories, the allow-list and the registry cache.
  package static func violation(_ info: stat) -> Violation? {
    if info.st_mode & (S_IWGRP | S_IWOTH) != 0 { return .writable(byEveryone: info.st_mode & S_IWOTH != 0) }
    if info.st_uid != user && info.st_uid != 0 { return .foreignOwner(uid: UInt32(info.st_uid)) }
    return nil
  }

  /// Why a file or directory with status `info` cannot be trusted, or nil; `what` names it in the message.
  package static func problem(_ info: stat, what: String) -> String? {
    switch violation(info) {
    case .writable(let byEveryone):
      "\(what) is writable by \(byEveryone ? "every user" : "its group"), so someone else could replace the code; "
        + "refused (run chmod go-w on it)"
    case .foreignOwner(let uid):
      "\(what) is owned by another user (uid \(uid)); refused (only your own files and root's load)"
    case nil:
      nil
    }
  }
}
