import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Why the cache could not be read, written or hashed.
///
/// The message names the file, says what went wrong and why, and what to do. Compare `reason` with the static members
/// of ``Reason`` (as with `Errno` of swift-system) to tell the cases apart; `detail` holds the particulars.
public struct CacheError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file concerned (the cache, its directory, or a file being hashed).
  public var file: String
  /// What kind of failure this is.
  public var reason: Reason
  /// The particulars: which check failed, at which offset, what the system said. For ``Reason/untrusted`` it is a
  /// predicate of `file` that ends with the fix: "is writable by group or others (mode 777), so ...; run ...".
  public var detail: String
  /// The system's error number (`errno`), when a system call failed.
  public var systemError: Int32?

  /// Creates an error.
  public init(file: String, reason: Reason, detail: String, systemError: Int32? = nil) {
    self.file = file
    self.reason = reason
    self.detail = detail
    self.systemError = systemError
  }

  /// The kind of a cache failure, compared by value: `error.reason == .truncated`.
  public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// A number that identifies the kind.
    public var rawValue: Int32

    /// Creates a kind from its number.
    public init(rawValue: Int32) {
      self.rawValue = rawValue
    }

    /// The file or its directory could not be opened or created.
    public static let cannotOpen = Reason(rawValue: 1)
    /// Reading the file (or its status) failed.
    public static let cannotRead = Reason(rawValue: 2)
    /// Writing, flushing or renaming the file failed.
    public static let cannotWrite = Reason(rawValue: 3)
    /// The path names something other than a regular file (a directory, a device, a symbolic link).
    public static let notRegularFile = Reason(rawValue: 4)
    /// The file is larger than any cache this host writes.
    public static let tooLarge = Reason(rawValue: 5)
    /// The file ends before the length it declares.
    public static let truncated = Reason(rawValue: 6)
    /// The checksum does not match, or a value breaks a rule of the format.
    public static let corrupt = Reason(rawValue: 7)
    /// The file is not a Stagehand registry cache at all.
    public static let foreignFormat = Reason(rawValue: 8)
    /// The file was written in another format version or by another host version.
    public static let otherVersion = Reason(rawValue: 9)
    /// The file or its directory could have been changed by another user.
    public static let untrusted = Reason(rawValue: 10)
    /// A record given to `write` would not read back (it breaks a rule of the plugin header, or repeats a path).
    public static let invalidRecord = Reason(rawValue: 11)

    /// What happened, in a few words.
    public var description: String {
      switch self {
      case .cannotOpen: "cannot be opened"
      case .cannotRead: "cannot be read"
      case .cannotWrite: "cannot be written"
      case .notRegularFile: "is not a regular file"
      case .tooLarge: "is too large to be a registry cache"
      case .truncated: "is truncated"
      case .corrupt: "is corrupt"
      case .foreignFormat: "is not a Stagehand registry cache"
      case .otherVersion: "was written by another version of Stagehand"
      case .untrusted: "could have been changed by another user"
      case .invalidRecord: "was not written: a record is invalid"
      default: "failed (reason \(rawValue))"
      }
    }

    /// What the user can do about it.
    var advice: String {
      switch self {
      case .cannotOpen, .cannotWrite:
        "Check that the directory exists, that you may write to it and that the disk is not full"
      case .cannotRead: "Check that you may read it"
      case .notRegularFile: "Move it away; the cache is a plain file"
      case .tooLarge, .truncated, .corrupt, .foreignFormat, .otherVersion:
        "Delete it if this persists; the next scan rebuilds it"
      case .untrusted: "Make it writable by its owner only (chmod go-w), or delete it"
      case .invalidRecord: "This is a bug of the scanner that produced the record; please report it"
      default: "Delete the cache if this persists"
      }
    }
  }

  /// The full message: the file, what happened, the particulars and what to do.
  public var description: String {
    // The detail of an untrusted file says what is wrong with it and how to fix it, after the file's name.
    guard reason != .untrusted else { return "\(file) \(detail)." }
    return summary + ". \(reason.advice)."
  }

  /// What happened and its particulars, without the advice (which is about a cache file): for bytes that are not a
  /// file, such as a child's answer.
  public var summary: String {
    "\(file) \(reason)" + (detail.isEmpty ? "" : ": \(detail)")
  }

  /// The same error about another file, for readers that do not know the file they read.
  func about(_ file: String) -> CacheError {
    var copy = self
    copy.file = file
    return copy
  }
}

/// The system's message for an error number, with the number: `Permission denied (errno 13)`.
func systemMessage(_ code: Int32) -> String {
  SystemCallError.message(code)
}
