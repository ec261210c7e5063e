import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// The identity of a library file; when any part changes, the library is scanned again.
public struct FileIdentity: Hashable, Sendable {
  /// The device that holds the file (`st_dev`).
  public var device: UInt64
  /// The file's inode number on that device (`st_ino`).
  public var inode: UInt64
  /// The size in bytes (`st_size`).
  public var size: Int64
  /// The modification time, whole seconds since the epoch (`st_mtim.tv_sec`).
  public var modificationSeconds: Int64
  /// The nanoseconds of the modification time, 0 to 999,999,999 (`st_mtim.tv_nsec`).
  public var modificationNanoseconds: Int64
  /// The status change time, whole seconds since the epoch (`st_ctim.tv_sec`). Every write, `chmod`, `chown` and
  /// link sets it to the present, and no call sets it back: a file rewritten in place with its size and modification
  /// time restored (`touch -r`) still changes it.
  public var changeSeconds: Int64
  /// The nanoseconds of the status change time, 0 to 999,999,999 (`st_ctim.tv_nsec`).
  public var changeNanoseconds: Int64
  /// The file type and permission bits (`st_mode`).
  public var mode: UInt32
  /// The owner's user id (`st_uid`).
  public var owner: UInt32

  /// Creates an identity from its parts.
  public init(
    device: UInt64, inode: UInt64, size: Int64, modificationSeconds: Int64, modificationNanoseconds: Int64,
    changeSeconds: Int64, changeNanoseconds: Int64, mode: UInt32, owner: UInt32
  ) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modificationSeconds = modificationSeconds
    self.modificationNanoseconds = modificationNanoseconds
    self.changeSeconds = changeSeconds
    self.changeNanoseconds = changeNanoseconds
    self.mode = mode
    self.owner = owner
  }

  /// The identity of the file that `stat` or `fstat` described.
  public init(_ info: stat) {
    self.init(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size), modificationSeconds: Int64(info.st_mtim.tv_sec),
      modificationNanoseconds: Int64(info.st_mtim.tv_nsec), changeSeconds: Int64(info.st_ctim.tv_sec),
      changeNanoseconds: Int64(info.st_ctim.tv_nsec), mode: UInt32(info.st_mode), owner: UInt32(info.st_uid))
  }
}

/// Why a library was quarantined: its scan crashed, hung, exited or answered nonsense.
public enum QuarantineReason: Hashable, Sendable, CustomStringConvertible {
  /// The scanner was killed by this signal while loading the library.
  case signal(Int32)
  /// The scanner did not answer within this many seconds and was killed.
  case timeout(seconds: Double)
  /// The scanner exited with this status without answering.
  case exited(status: Int32)
  /// The scanner answered something that could not be read; what was wrong with it.
  case garbage(String)
  /// The command that scanned the library ended before the scan did, twice: once while it was scanned with others,
  /// then while it was scanned alone (see the "scan in progress" mark in `Docs/Isolation.md`).
  case hostEnded

  /// What happened, as the end of a sentence that starts with the library: "crashed with signal 11 (SIGSEGV)".
  public var description: String {
    switch self {
    case .signal(let number):
      "crashed with signal \(number)" + (Self.signalNames[number].map { " (\($0))" } ?? "")
    case .timeout(let seconds):
      "did not finish within \(Self.seconds(seconds)) s; the scanner was killed"
    case .exited(let status):
      "exited with status \(status) without answering"
        + (status == 70
          ? " (70: the scanner lost its channel to the host, as when a library closes or replaces descriptors it "
            + "did not open)" : "")
    case .garbage(let problem):
      "answered something unreadable: \(problem)"
    case .hostEnded:
      "was being scanned, alone, when the command scanning it ended (and once before with other libraries)"
    }
  }

  /// The names of the usual signals, by their Linux numbers.
  private static let signalNames: [Int32: String] = [
    1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
    9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP", 20: "SIGTSTP", 21: "SIGTTIN", 22: "SIGTTOU",
    23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ", 26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH", 29: "SIGIO",
    30: "SIGPWR", 31: "SIGSYS",
  ]

  /// A number of seconds without a trailing `.0`: `5`, `2.5`.
  package static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}

/// What scanning a library found.
public enum ScanOutcome: Hashable, Sendable {
  /// The library loaded and described itself; `notes` are warnings such as "printed 12 bytes to standard output
  /// while loading".
  case ok(PluginInfo, notes: [String])
  /// The library loaded, but the host refused it.
  case refused(PluginError)
  /// Scanning the library crashed, hung, exited or answered nonsense.
  case quarantined(QuarantineReason)
}

/// One library in the cache.
public struct CacheRecord: Hashable, Sendable {
  /// The path where the library was found (absolute).
  public var path: String
  /// The file's identity when it was scanned.
  public var identity: FileIdentity
  /// The SHA-256 of the file's contents when it was scanned.
  public var sha256: LibraryDigest
  /// What scanning it found.
  public var outcome: ScanOutcome

  /// Creates a record.
  public init(path: String, identity: FileIdentity, sha256: LibraryDigest, outcome: ScanOutcome) {
    self.path = path
    self.identity = identity
    self.sha256 = sha256
    self.outcome = outcome
  }
}

extension CacheRecord {
  /// The fewest bytes a record's frame takes: a path, the identity, the digest, the name count, the outcome's tag,
  /// offset, length and checksum (see CacheFile+Reading.swift).
  static let minimumFrameSize = 4 + 48 + 32 + 2 + 4 + 1 + 8 + 4 + 8
}

/// The registry cache file: one per user, read by a parser that trusts nothing, written atomically.
///
/// It records, for every plugin library found, the file's identity, its SHA-256 and the outcome of scanning it, so
/// that listing needs one `stat` per library and one read of this file.
public struct RegistryCache: Sendable {
  /// The cache file.
  public var path: String

  /// A cache at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The host version written into the file; a file written by another host version is rebuilt.
  public static let hostVersion = "0.1.0"

  /// `$XDG_CACHE_HOME/stagehand/registry.cache` when XDG_CACHE_HOME is absolute, else
  /// `$HOME/.cache/stagehand/registry.cache` when HOME is absolute, else nil.
  public static func standardPath(environment: [String: String]) -> String? {
    // Without its trailing slashes. Not through `reversed()`: the runtime built that generic type from its mangled
    // name, with a conformance lookup per requirement, 1.4 million instructions at every start.
    func directory(_ text: String) -> String {
      var text = text
      while text.last == "/" { text.removeLast() }
      return text
    }
    if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
      return directory(cacheHome) + "/stagehand/registry.cache"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return directory(home) + "/.cache/stagehand/registry.cache"
    }
    return nil
  }
}

extension ScanOutcome {
  /// The tag of a quarantine for a scan that ran out of time.
  package static let timeoutTag: UInt8 = 3
  /// The tag of a quarantine for a scan whose host ended twice.
  package static let hostEndedTag: UInt8 = 6

  /// Appends the outcome: a tag (0 ok, 1 refused, 2 to 6 the quarantine reasons), then its values. The registry
  /// cache and the scanner's answers share this coding.
  package func write(to writer: inout BinaryWriter) {
    switch self {
    case .ok(let info, let notes):
      writer.writeUInt8(0)
      info.write(to: &writer)
      writer.writeArray(notes) { $0.writeString($1, clippedTo: BinaryLimits.text) }
    case .refused(let error):
      writer.writeUInt8(1)
      error.write(to: &writer)
    case .quarantined(.signal(let number)):
      writer.writeUInt8(2)
      writer.writeInt32(number)
    case .quarantined(.timeout(let seconds)):
      writer.writeUInt8(Self.timeoutTag)
      writer.writeDouble(seconds)
    case .quarantined(.exited(let status)):
      writer.writeUInt8(4)
      writer.writeInt32(status)
    case .quarantined(.garbage(let problem)):
      writer.writeUInt8(5)
      writer.writeString(problem, clippedTo: BinaryLimits.text)
    case .quarantined(.hostEnded):
      writer.writeUInt8(Self.hostEndedTag)
    }
  }

  /// Reads an outcome written by `write(to:)`; `path` names the library in messages.
  package init(from reader: inout BinaryReader, of path: String) throws(CacheError) {
    switch try reader.readUInt8() {
    case 0:
      let info = try PluginInfo(from: &reader)
      let notes = try reader.readArray(limit: 1024, minimumElementSize: 4, "the notes of \(path)") {
        (reader: inout BinaryReader) throws(CacheError) in
        try reader.readString(limit: BinaryLimits.text, "a note")
      }
      self = .ok(info, notes: notes)
    case 1: self = .refused(try PluginError(from: &reader))
    case 2: self = .quarantined(.signal(try reader.readInt32()))
    case 3:
      let seconds = try reader.readDouble()
      guard seconds.isFinite, seconds >= 0 else { throw reader.invalid("a time limit of \(seconds) s") }
      self = .quarantined(.timeout(seconds: seconds))
    case 4: self = .quarantined(.exited(status: try reader.readInt32()))
    case 5: self = .quarantined(.garbage(try reader.readString(limit: BinaryLimits.text, "a scanner's answer")))
    case 6: self = .quarantined(.hostEnded)
    case let tag: throw reader.invalid("the outcome of \(path) has tag \(tag), which this host does not know")
    }
  }
}
