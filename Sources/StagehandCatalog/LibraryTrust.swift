#if canImport(Glibc)
  import Glibc
#endif

/// The trust rules: a library is loaded only when no other user could have changed it.
///
/// Refused: a file, or the directory it lies in (its search-path entry), that is writable by group or others, or owned
/// by someone other than the user or root. A symlink is followed only when its target passes the same checks, and its
/// target's directory too. The file is checked again, through the descriptor it is loaded from, when it is loaded.
enum LibraryTrust {
  /// What checking one directory entry found.
  enum Check: Hashable {
    /// Not a library file (a directory, a fifo, a dangling link): skipped without a word.
    case skip
    /// Another user could have changed it.
    case untrusted(String)
    /// Trusted, with the identity of the file that will be loaded.
    case trusted(FileIdentity)
  }

  /// The names of the `*.so` entries of `directory`, sorted.
  static func libraryNames(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".so") && !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  /// Checks the entry at `path` of a trusted directory.
  static func check(_ path: String) -> Check {
    var link = stat()
    guard lstat(path, &link) == 0 else { return .skip }
    var info = link
    if link.st_mode & S_IFMT == S_IFLNK {
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .skip }
      guard let target = realpath(path, nil) else { return .skip }
      let resolved = String(cString: target)
      free(target)
      let directory = String(resolved[..<(resolved.lastIndex(of: "/") ?? resolved.startIndex)])
      var parent = stat()
      guard stat(directory.isEmpty ? "/" : directory, &parent) == 0 else { return .skip }
      if let why = problem(parent, what: "the directory \(directory) of its target \(resolved)") {
        return .untrusted(why)
      }
      if let why = problem(info, what: "its target \(resolved)") { return .untrusted(why) }
      return .trusted(FileIdentity(info))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .skip }
    if let why = problem(info, what: "it") { return .untrusted(why) }
    return .trusted(FileIdentity(info))
  }

  /// The user running this process, asked once (a system call per library was 5% of `list`).
  static let user = getuid()

  /// How a file or directory breaks the rule that only the user or root may change it.
  enum Violation {
    /// Writable by its group (or, when `byEveryone`, by every user).
    case writable(byEveryone: Bool)
    /// Owned by another user than the current one and root.
    case foreignOwner(uid: UInt32)
  }

  /// How the file or directory with status `info` breaks the rule, or nil: the one rule for libraries, their
  /// directories, the allow-list and the registry cache.
  static func violation(_ info: stat) -> Violation? {
    if info.st_mode & (S_IWGRP | S_IWOTH) != 0 { return .writable(byEveryone: info.st_mode & S_IWOTH != 0) }
    if info.st_uid != user && info.st_uid != 0 { return .foreignOwner(uid: UInt32(info.st_uid)) }
    return nil
  }

  /// Why a file or directory with status `info` cannot be trusted, or nil; `what` names it in the message.
  static func problem(_ info: stat, what: String) -> String? {
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
