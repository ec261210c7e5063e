import StagehandCache
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The trust checks of the search path: a library is loaded only when no other user could have changed it (the rule
/// itself, for one file or directory, is `TrustRule` in StagehandCache).
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

  /// The `*.so` entries of the open directory `descriptor` (at `path`), in the order of their names' bytes: the names
  /// one after another in `bytes`, and where each lies; nil when its entries cannot be read.
  static func names(inOpenDirectory descriptor: Int32, path: String) -> (bytes: [UInt8], ranges: [Range<Int>])? {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    do {
      try SystemDirectory.forEachName(inOpenDirectory: descriptor, path: path) { name in
        guard DirectoryListing.isLibraryName(name) else { return }
        ranges.append(bytes.count..<bytes.count + name.count)
        bytes.append(contentsOf: name)
      }
    } catch {
      return nil
    }
    bytes.withUnsafeBytes { buffer in
      var sorted = ranges.map { SortedName(buffer, $0) }
      sorted.sort()
      ranges = sorted.map(\.range)
    }
    return (bytes, ranges)
  }

  /// Calls `body` with each entry at `ranges` of `names` (names of the open directory `descriptor`, whose path is
  /// `directory`), in that order, and its check: a `stat` relative to the directory, so that the kernel does not walk
  /// the whole path again for every library.
  static func forEachLibrary(
    _ names: UnsafeRawBufferPointer, _ ranges: [Range<Int>], in descriptor: Int32, directory: String,
    _ body: (_ path: String, _ check: Check) -> Void
  ) {
    func name(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: names[range]) }
    let prefix = Array(directory.utf8) + [UInt8(ascii: "/")]
    var cName = [CChar](repeating: 0, count: 256)
    for range in ranges {
      let path = String(unsafeUninitializedCapacity: prefix.count + range.count) { target in
        _ = target.initialize(fromContentsOf: prefix)
        _ = UnsafeMutableBufferPointer(rebasing: target[prefix.count...]).initialize(fromContentsOf: name(range))
        return prefix.count + range.count
      }
      if cName.count <= range.count { cName = [CChar](repeating: 0, count: range.count + 1) }
      cName.withUnsafeMutableBytes { target in
        target.copyMemory(from: name(range))
        target[range.count] = 0
      }
      body(path, cName.withUnsafeBufferPointer { Self.check(path, in: descriptor, name: $0.baseAddress!) })
    }
  }

  /// A name in a buffer, ordered by its bytes: by a big-endian key of its first 8 bytes, then by all of them (most
  /// names differ early, and comparing two integers is cheaper than calling `memcmp`).
  private struct SortedName: Comparable {
    let key: UInt64
    let base: UnsafeRawPointer
    let range: Range<Int>

    init(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) {
      var key: UInt64 = 0
      for offset in 0..<8 { key = key << 8 | UInt64(offset < range.count ? buffer[range.lowerBound + offset] : 0) }
      self.key = key
      self.base = buffer.baseAddress!
      self.range = range
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count) }

    static func < (a: SortedName, b: SortedName) -> Bool {
      a.key != b.key ? a.key < b.key : CacheFile.compare(a.bytes, b.bytes) < 0
    }

    static func == (a: SortedName, b: SortedName) -> Bool { a.key == b.key && CacheFile.equal(a.bytes, b.bytes) }
  }

  /// Checks the entry `name` of the trusted, open directory `descriptor`; `path` is its whole path.
  static func check(_ path: String, in descriptor: Int32, name: UnsafePointer<CChar>) -> Check {
    guard let link = try? SystemFile.status(of: name, inDirectory: descriptor, followingLinks: false, path: path)
    else { return .skip }
    let info = link
    if SystemFile.isSymbolicLink(link) {
      guard let info = try? SystemFile.status(of: name, inDirectory: descriptor, followingLinks: true, path: path),
        SystemFile.isRegular(info), let resolved = try? SystemFile.resolvedPath(path)
      else { return .skip }
      let directory = String(resolved[..<(resolved.lastIndex(of: "/") ?? resolved.startIndex)])
      guard let parent = try? SystemFile.status(ofPath: directory.isEmpty ? "/" : directory) else { return .skip }
      if let why = TrustRule.problem(parent, what: "the directory \(directory) of its target \(resolved)") {
        return .untrusted(why)
      }
      if let why = TrustRule.problem(info, what: "its target \(resolved)") { return .untrusted(why) }
      return .trusted(FileIdentity(info))
    }
    guard SystemFile.isRegular(info) else { return .skip }
    if let why = TrustRule.problem(info, what: "it") { return .untrusted(why) }
    return .trusted(FileIdentity(info))
  }
}
