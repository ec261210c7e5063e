import StagehandCache
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Where plugin libraries are looked for, in order: `STAGEHAND_PLUGIN_PATH` (absolute directories only), the user's
/// and the system's plugin directories, then the plugins bundled next to the executable. The current directory is
/// never searched.
public struct PluginSearchPath: Hashable, Sendable {
  /// The directories, in search order.
  public var directories: [String]
  /// Entries of `STAGEHAND_PLUGIN_PATH` that were ignored, and why.
  public var warnings: [String]

  /// Creates a search path from explicit directories.
  public init(directories: [String], warnings: [String] = []) {
    self.directories = directories
    self.warnings = warnings
  }

  /// The search path of this process, from its environment and the location of its executable.
  public static func standard(
    environment: [String: String] = ProcessEnvironment.current,
    executableDirectory: String = PluginSearchPath.executableDirectory
  ) -> PluginSearchPath {
    var directories: [String] = []
    var warnings: [String] = []
    if let value = environment["STAGEHAND_PLUGIN_PATH"] {
      for entry in value.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
        if entry.isEmpty {
          warnings.append("STAGEHAND_PLUGIN_PATH has an empty entry, ignored; list absolute directories only")
        } else if !entry.hasPrefix("/") {
          warnings.append(
            "STAGEHAND_PLUGIN_PATH entry '\(entry)' is relative, ignored; the current directory is never searched, "
              + "list absolute directories only")
        } else {
          directories.append(entry)
        }
      }
    }
    if let user = userDirectory(environment: environment) { directories.append(user) }
    directories += ["/usr/local/lib/stagehand/plugins", "/usr/lib/stagehand/plugins"]
    directories += [executableDirectory, executableDirectory + "/../lib/stagehand/plugins"]
    var seen: Set<String> = []
    directories = directories.map(Self.normalized).filter { seen.insert($0).inserted }
    return PluginSearchPath(directories: directories, warnings: warnings)
  }

  /// The user's own plugin directory, where a plugin author installs: `$XDG_DATA_HOME/stagehand/plugins`, or
  /// `~/.local/share/stagehand/plugins` when `XDG_DATA_HOME` is unset, empty or not absolute; nil when `HOME` is not
  /// absolute either.
  public static func userDirectory(environment: [String: String] = ProcessEnvironment.current) -> String? {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return normalized(dataHome + "/stagehand/plugins")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return normalized(home + "/.local/share/stagehand/plugins")
    }
    return nil
  }

  /// Whether a library's file name is one of this package's libraries that are not plugins (the frei0r core and
  /// module, built by SwiftPM next to the bundled plugins): the search skips them, and so does `stagehand check` of a
  /// directory.
  public static func isNotPlugin(fileName: String) -> Bool {
    DirectoryListing.notPlugins.contains { $0.elementsEqual(fileName.utf8) }
  }

  /// The directory of the running executable (symlinks resolved), found once.
  public static let executableDirectory: String = {
    guard let path = try? SystemFile.resolvedPath("/proc/self/exe") else { return "/" }
    return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }()

  /// An absolute path without empty, `.` and `..` components (without resolving symlinks): `/usr/bin/../lib` is
  /// `/usr/lib`.
  public static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    // Joined by hand: `joined(separator:)` on `[Substring]` looked up its element's conformances at run time.
    var joined = ""
    for part in parts {
      joined.append("/")
      joined.append(contentsOf: part)
    }
    return joined.isEmpty ? "/" : joined
  }

  /// The plugin libraries (`*.so` files) in the directories, in search order (within a directory, in the order of
  /// their names' bytes), each real file once; a library that another user could have changed is listed as
  /// untrusted, with the reason.
  public func libraries() -> [FoundLibrary] {
    libraries(known: [:]).found
  }

  /// The libraries, reading the entries of a directory again only when its stamp differs from the one in `known`
  /// (keyed by path); and the listing of every directory that was read and had settled at `now` (its last change
  /// more than `settleTime` seconds before), or whose known listing was used.
  func libraries(known: [String: DirectoryListing], now: timespec? = nil, settleTime: Double = 0) -> (
    found: [FoundLibrary], listings: [DirectoryListing]
  ) {
    var found: [FoundLibrary] = []
    var listings: [DirectoryListing] = []
    var seen = FileKeySet()
    for directory in directories {
      // The directory is opened once and checked through its descriptor, then its entries are examined relative to
      // that descriptor: a rename of the directory in between cannot swap what is checked.
      let descriptor: Int32
      let info: stat
      do {
        (descriptor, info) = try SystemFile.openChecked(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC) { _ in
          DirectoryRefusal.skipped
        } check: { info throws(DirectoryRefusal) in
          guard info.st_mode & S_IFMT == S_IFDIR else { throw .skipped }
          if let why = TrustRule.problem(info, what: "its directory \(directory)") { throw .untrusted(why) }
        }
      } catch {
        if case .untrusted(let why) = error {
          found.append(FoundLibrary(path: directory, identity: nil, untrusted: why))
        }
        continue
      }
      let stamp = DirectoryStamp(info)
      let listing: DirectoryListing
      if let known = known[directory], known.stamp == stamp {
        listing = known
      } else {
        guard let (bytes, ranges) = LibraryTrust.names(inOpenDirectory: descriptor, path: directory) else {
          SystemFile.close(descriptor)
          continue
        }
        listing = bytes.withUnsafeBytes { DirectoryListing(path: directory, stamp: stamp, bytes: $0, ranges: ranges) }
        examine(listing, in: descriptor, &found, &seen)
        SystemFile.close(descriptor)
        if let now, DirectoryListing.isSettled(info, at: now, settleTime: settleTime) { listings.append(listing) }
        continue
      }
      examine(listing, in: descriptor, &found, &seen)
      SystemFile.close(descriptor)
      listings.append(listing)
    }
    return (found, listings)
  }

  /// Checks the entries of a directory's listing through its open descriptor, adding the libraries not seen yet.
  private func examine(
    _ listing: DirectoryListing, in descriptor: Int32, _ found: inout [FoundLibrary], _ seen: inout FileKeySet
  ) {
    found.reserveCapacity(found.count + listing.ranges.count)
    listing.names.withUnsafeBytes { names in
      LibraryTrust.forEachLibrary(names, listing.ranges, in: descriptor, directory: listing.path) { path, check in
        switch check {
        case .skip: return
        case .untrusted(let why): found.append(FoundLibrary(path: path, identity: nil, untrusted: why))
        case .trusted(let identity):
          guard seen.insert(FileKey(device: identity.device, inode: identity.inode)) else { return }
          found.append(FoundLibrary(path: path, identity: identity, untrusted: nil))
        }
      }
    }
  }
}

/// A library file found on the search path: trusted with its identity, or untrusted with the reason.
public struct FoundLibrary: Hashable, Sendable {
  /// Where it was found (for an untrusted directory, the directory).
  public var path: String
  /// The identity of the file (of the symlink's target for a symlink); nil when untrusted.
  public var identity: FileIdentity?
  /// Why it is not trusted, if it is not.
  public var untrusted: String?
}

/// A file's device and inode: the same file found twice (through a symlink, or a directory listed twice) is kept once.
struct FileKey: Equatable {
  var device: UInt64
  var inode: UInt64
}

/// A set of file keys in an open-addressing table with a multiplicative hash (a `Set` hashes each key with SipHash,
/// a visible share of the instructions of finding a thousand libraries).
struct FileKeySet {
  private var keys: [FileKey] = []
  private var slots = [Int32](repeating: 0, count: 64)  // 0: empty, else 1 + the index in `keys`

  /// Adds `key`; whether it was not there.
  mutating func insert(_ key: FileKey) -> Bool {
    if (keys.count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var slot = Self.hash(key) & mask
    while slots[slot] != 0 {
      if keys[Int(slots[slot]) - 1] == key { return false }
      slot = (slot + 1) & mask
    }
    keys.append(key)
    slots[slot] = Int32(keys.count)
    return true
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, key) in keys.enumerated() {
      var slot = Self.hash(key) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  private static func hash(_ key: FileKey) -> Int {
    let mixed = (key.inode ^ key.device &* 0xFF51_AFD7_ED55_8CCD) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ mixed >> 29)
  }
}

/// Why a directory of the search path is not listed: it cannot be opened or is not a directory (it is skipped), or
/// it is not trusted (it is reported).
private enum DirectoryRefusal: Error {
  case skipped
  case untrusted(String)
}
