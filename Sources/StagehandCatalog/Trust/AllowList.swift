import StagehandCache
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Optional pinning: when the allow-list file exists, only the plugins it lists, with the SHA-256 it gives, are used.
///
/// The file has one plugin per line, `PLUGIN-ID SHA256` (64 lowercase hexadecimal digits), several lines for one id
/// allowing several builds; empty lines and lines starting with `#` are ignored. Like the libraries, it is ignored
/// (and nothing is allowed) when another user could have changed it.
public struct AllowList: Hashable, Sendable {
  /// The allowed hashes of each plugin id.
  public var hashes: [String: Set<LibraryDigest>]

  /// Creates an allow-list.
  public init(hashes: [String: Set<LibraryDigest>]) {
    self.hashes = hashes
  }

  /// `$XDG_CONFIG_HOME/stagehand/allowed-plugins` when XDG_CONFIG_HOME is absolute, else
  /// `$HOME/.config/stagehand/allowed-plugins`, else nil.
  public static func standardPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/stagehand/allowed-plugins"
    }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/stagehand/allowed-plugins" }
    return nil
  }

  /// Reads the allow-list at `path`: nil when there is no such file (pinning is off); an empty list and a problem when
  /// it cannot be read or trusted, or a line is malformed (then nothing is allowed: a broken pin list fails closed).
  public static func read(_ path: String) -> (list: AllowList, problem: String?)? {
    // Opened without blocking, so that a pipe cannot hold the command; refused below unless a regular file.
    let notRegular = Unusable.problem(
      "the allow-list \(path) is not a regular file (a pipe, a device or a directory); no plugin is allowed until "
        + "it is one")
    let descriptor: Int32
    let info: stat
    do {
      (descriptor, info) = try SystemFile.openChecked(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) { error in
        guard error.call == "open" else { return notRegular }
        return error.code == ENOENT ? .missing : .problem("cannot read the allow-list \(path): \(error.reason)")
      } check: { info throws(Unusable) in
        guard SystemFile.isRegular(info) else { throw notRegular }
        guard info.st_size <= 1 << 20 else {
          throw .problem("the allow-list \(path) is not a small text file; no plugin is allowed")
        }
        if let why = TrustRule.problem(info, what: "the allow-list \(path)") {
          throw .problem(why + "; no plugin is allowed until it is fixed")
        }
      }
    } catch {
      switch error {
      case .missing: return nil
      case .problem(let why): return (AllowList(hashes: [:]), why)
      }
    }
    defer { SystemFile.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let count = bytes.withUnsafeMutableBytes { buffer in
      (try? SystemFile.read(descriptor, into: buffer.baseAddress!, count: buffer.count, at: 0, path: path)) ?? -1
    }
    guard count == bytes.count else { return (AllowList(hashes: [:]), "cannot read the allow-list \(path)") }
    var hashes: [String: Set<LibraryDigest>] = [:]
    for (number, line) in String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .enumerated() {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if words.isEmpty || words[0].hasPrefix("#") { continue }
      guard words.count == 2, let digest = LibraryDigest(hex: String(words[1])) else {
        return (
          AllowList(hashes: [:]),
          "the allow-list \(path), line \(number + 1), is not 'PLUGIN-ID SHA256'; no plugin is allowed until it is fixed"
        )
      }
      hashes[String(words[0]), default: []].insert(digest)
    }
    return (AllowList(hashes: hashes), nil)
  }

  /// Why the plugin `id` with the file hash `sha256` is not allowed, or nil when it is.
  public func refusal(id: String, sha256: LibraryDigest, path: String) -> String? {
    guard let allowed = hashes[id] else {
      return "plugin \(id) is not in the allow-list; add the line '\(id) \(sha256.hex)' to allow this build"
    }
    guard allowed.contains(sha256) else {
      let listed = allowed.map(\.hex).sorted().joined(separator: ", ")
      return "plugin \(id) has SHA-256 \(sha256.hex), but the allow-list gives \(listed); "
        + "update the allow-list if this build is the one you want"
    }
    return nil
  }
}

/// Why an allow-list is not read: there is none (pinning is off), or the problem that makes nothing allowed.
private enum Unusable: Error {
  case missing
  case problem(String)
}
