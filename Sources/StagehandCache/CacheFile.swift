import StagehandAnimation
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A registry cache file, read in two parts: the frames of every record at once, each record's outcome when it is
/// used.
///
/// Opening a file reads and checks its header and the frames: every record's path, identity, digest, kind of outcome
/// and, for a usable plugin, its id and the names of its styles and presets, each checked against its grammar. The
/// outcomes (a plugin's description, a refusal's error) lie after the frames, each with a checksum of its own, and
/// are read and decoded by ``record(at:)`` with every check of the plugin header. So resolving one style reads and
/// decodes one record, and a damaged outcome is found when it is used: the catalog then scans its library again.
///
/// A file read from disk keeps its descriptor open for the outcomes, so a cache replaced meanwhile (by a rename)
/// does not mix with it; a shortened file gives a typed error, never a signal. The frames' bytes never change and
/// live as long as the object: the byte views it hands out are valid while it is alive.
package final class CacheFile: @unchecked Sendable {
  /// Names the file in messages.
  package let origin: String
  /// The records, sorted by the bytes of their paths, each path once.
  package let entries: [Entry]
  /// The entries of the directories read when the file was written, sorted by the bytes of their paths.
  package let listings: [DirectoryListing]
  /// The header and the frames.
  let bytes: UnsafeRawBufferPointer
  private let storage: UnsafeMutableRawBufferPointer
  let outcomes: Outcomes
  /// The outcomes of a file on disk, once all were read.
  let loaded = Locked<[UInt8]?>(nil)

  /// Where the outcomes are.
  enum Outcomes {
    /// In `storage`, from this offset on (a file made in memory).
    case memory(start: Int, count: Int)
    /// In the open file, from this offset on; the descriptor belongs to the object.
    case file(descriptor: Int32, start: Int, count: Int)
  }

  /// Where one record lies in the file, and what its frame says.
  package struct Entry: Sendable {
    /// The bytes of the library's path.
    package var path: Range<Int>
    /// The file's identity when it was scanned.
    package var identity: FileIdentity
    /// The file's SHA-256 when it was scanned.
    package var sha256: LibraryDigest
    /// The kind of outcome.
    package var kind: Kind
    /// The outcome's tag (see `ScanOutcome.write(to:)`).
    package var tag: UInt8
    /// How many names the names block holds.
    var nameCount: Int
    /// The names block after its count: the plugin id, then each style's name followed by its presets' names, each
    /// as a byte count and the bytes. Empty unless the outcome is ok.
    var names: Range<Int>
    /// The listing after its length (see StyleListing.swift): what `stagehand list` shows of each style that the names
    /// do not say. Empty unless the outcome is ok.
    var listing: Range<Int>
    /// The outcome's bytes, counted from the start of the outcomes.
    var outcome: Range<Int>
    /// The checksum of the outcome's bytes.
    var outcomeChecksum: UInt64
    /// Where the frame stores that checksum (for tests that damage a file and seal it again).
    var outcomeChecksumOffset: Int
  }

  /// The kind of a record's outcome.
  package enum Kind: Sendable {
    /// The library is usable: the names block holds its id and names.
    case ok
    /// The host refused the library.
    case refused
    /// Scanning the library crashed, hung, exited or answered nonsense.
    case quarantined
  }

  /// Takes ownership of `storage` (allocated with `allocate(byteCount:alignment:)`) and of the descriptor in
  /// `outcomes`, if any: the first `count` bytes of `storage` are the header and the frames of a cache file (and, for
  /// a file in memory, its outcomes too). Checks them; on failure, both are released.
  init(
    adopting storage: UnsafeMutableRawBufferPointer, count: Int, fileLength: Int, outcomes: Outcomes, origin: String
  ) throws(CacheError) {
    let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[0..<count])
    do {
      (entries, listings, _) = try Self.frames(bytes, fileLength: fileLength, origin: origin)
    } catch {
      storage.deallocate()
      if case .file(let descriptor, _, _) = outcomes { SystemFile.close(descriptor) }
      throw error
    }
    self.storage = storage
    self.bytes = bytes
    self.outcomes = outcomes
    self.origin = origin
  }

  /// A file of the given bytes, made in memory, checked.
  package convenience init(_ array: [UInt8], origin: String) throws(CacheError) {
    let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
    array.withUnsafeBytes { storage.copyMemory(from: $0) }
    let start = Self.outcomesStart(array) ?? array.count
    try self.init(
      adopting: storage, count: array.count, fileLength: array.count,
      outcomes: .memory(start: start, count: array.count - start), origin: origin)
  }

  /// A file without records.
  private init(emptyNamed origin: String) {
    storage = .allocate(byteCount: 1, alignment: 16)
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[0..<0])
    entries = []
    listings = []
    outcomes = .memory(start: 0, count: 0)
    self.origin = origin
  }

  /// A file without records.
  package static func empty(origin: String = "") -> CacheFile { CacheFile(emptyNamed: origin) }

  deinit {
    storage.deallocate()
    if case .file(let descriptor, _, _) = outcomes { SystemFile.close(descriptor) }
  }

  /// The bytes of `range` of the header and frames.
  package func view(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }

  /// The path of an entry.
  package func path(of entry: Entry) -> String { Self.string(view(entry.path)) }

  /// The text of a name's bytes.
  package static func string(_ bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
  }

  /// The index of the record of `path`, found by binary search; nil when there is none. The record at `hint` is
  /// tried first (the one after the last found, when looking up paths in order).
  package func index(ofPath path: String, hint: Int? = nil) -> Int? {
    var path = path
    return path.withUTF8 { key in
      if let hint, hint < entries.count, Self.equal(view(entries[hint].path), UnsafeRawBufferPointer(key)) {
        return hint
      }
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        switch Self.compare(view(entries[middle].path), UnsafeRawBufferPointer(key)) {
        case ..<0: low = middle + 1
        case 0: return middle
        default: high = middle
        }
      }
      return nil
    }
  }

  /// The bytes of the name at `offset` of a names block (a u8 byte count, then the bytes), moving past it.
  @inline(__always)
  static func name(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UnsafeRawBufferPointer {
    let count = Int(bytes[offset])
    defer { offset += 1 + count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset + 1..<offset + 1 + count])
  }

  /// The plugin id of an ok record (the first name of its block).
  package func id(of entry: Entry) -> UnsafeRawBufferPointer? {
    guard !entry.names.isEmpty else { return nil }
    var offset = entry.names.lowerBound
    return Self.name(bytes, at: &offset)
  }

  /// Calls `body` with each name of an ok record, the plugin id first, until it returns false.
  @inline(__always)
  package func forEachName(of entry: Entry, _ body: (UnsafeRawBufferPointer) -> Bool) {
    var offset = entry.names.lowerBound
    while offset < entry.names.upperBound {
      guard body(Self.name(bytes, at: &offset)) else { return }
    }
  }

  /// Orders byte strings as `memcmp` does, the shorter first when one starts the other.
  package static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let left = a.baseAddress, let right = b.baseAddress {
      let order = memcmp(left, right, common)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }

  /// Whether two byte strings are equal.
  package static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    a.count == b.count && compare(a, b) == 0
  }
}
