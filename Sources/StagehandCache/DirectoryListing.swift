#if canImport(Glibc)
  import Glibc
#endif

// The directory listings of a cache file (format version 5 and later), after the frames of the records and before their
// checksum:
//
//   listing count    u32
//   per listing, in the order of their paths' bytes, each path once:
//     path           string    u32 byte count + UTF-8, absolute, no NUL byte
//     stamp          48 bytes  device, inode (u64), change time and modification time (seconds and nanoseconds, i64)
//     name count     u32
//     names                    u8 byte count + bytes each: the `*.so` entries, in the order of their bytes, each once

/// The `*.so` entries a directory of the search path held when it was last read, with the directory's stamp.
///
/// Creating, removing or renaming an entry updates the directory's change time (POSIX), and nobody can set a change
/// time back. So while a directory keeps its stamp, its entries are taken from the registry cache instead of being
/// read again (each library is still `stat`ed, so a library changed in place is still seen). A stamp is recorded only
/// when the directory last changed well before it was read (``DirectoryListing/settleTime``): a change made later, in
/// the same tick of a coarse file-system clock, would otherwise leave the stamp as it was.
package struct DirectoryListing: Equatable, Sendable {
  /// The directory, as the search path names it.
  package var path: String
  /// Its identity and times when it was read.
  package var stamp: DirectoryStamp
  /// Its entries: the names block (a byte count and the bytes, each), names in the order of their bytes.
  package var names: [UInt8]
  /// Where each name lies in `names` (after its byte count).
  package var ranges: [Range<Int>]

  /// How long before it is read a directory must have last changed for its stamp to be recorded, in seconds: more
  /// than the coarsest clock of common file systems (FAT stores times to 2 s).
  package static let settleTime: Double = 3

  /// A listing of the names at `ranges` of `bytes` (the names alone, one after another), in that order.
  package init(path: String, stamp: DirectoryStamp, bytes: UnsafeRawBufferPointer, ranges: [Range<Int>]) {
    self.path = path
    self.stamp = stamp
    var names: [UInt8] = []
    names.reserveCapacity(bytes.count + ranges.count)
    var stored: [Range<Int>] = []
    stored.reserveCapacity(ranges.count)
    for range in ranges {
      names.append(UInt8(range.count))
      stored.append(names.count..<names.count + range.count)
      names.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
    self.names = names
    self.ranges = stored
  }

  /// A listing read from a cache file: the names block as it is stored, and where each name lies in it.
  init(path: String, stamp: DirectoryStamp, names: [UInt8], ranges: [Range<Int>]) {
    self.path = path
    self.stamp = stamp
    self.names = names
    self.ranges = ranges
  }

  /// Whether a directory whose status is `info`, read at `now`, last changed more than `settleTime` seconds before.
  package static func isSettled(_ info: stat, at now: timespec, settleTime: Double) -> Bool {
    let changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
    return changed + settleTime < Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Whether `name` may be listed: a `*.so` file name of at most 255 bytes that does not start with a dot and holds
  /// no slash or NUL, and is not one of the frei0r libraries SwiftPM builds next to the bundled plugins
  /// (`notPlugins`).
  package static func isLibraryName(_ name: UnsafeRawBufferPointer) -> Bool {
    let count = name.count
    return count > 3 && count <= 255 && name[0] != UInt8(ascii: ".") && name[count - 3] == UInt8(ascii: ".")
      && name[count - 2] == UInt8(ascii: "s") && name[count - 1] == UInt8(ascii: "o")
      && memchr(name.baseAddress!, 0, count) == nil && memchr(name.baseAddress!, Int32(UInt8(ascii: "/")), count) == nil
      && !notPlugins.contains { $0.elementsEqual(name) }
  }

  /// The libraries of this package that are not plugins (the frei0r core and module, Docs/VideoTools.md): built in
  /// the same directory as the bundled plugins, they are not scanned.
  package static let notPlugins: [[UInt8]] = [
    Array("libStagehandFrei0r.so".utf8), Array("libStagehandFrei0rModule.so".utf8),
  ]

  /// Appends the listing to a cache file's frames.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(path)
    stamp.write(to: &writer)
    writer.writeUInt32(UInt32(ranges.count))
    writer.writeBytes(names)
  }

  /// Reads a listing, checking every rule of the layout above but the order of the paths.
  static func read(from reader: inout BinaryReader) throws(CacheError) -> DirectoryListing {
    let path = try reader.readString(limit: BinaryLimits.text, "a directory path")
    guard path.utf8.first == UInt8(ascii: "/"), !path.utf8.contains(0) else {
      throw reader.invalid("directory path '\(path)' is not absolute or holds a NUL byte")
    }
    let stamp = try DirectoryStamp.read(from: &reader)
    let count = try reader.readCount(limit: Int(UInt32.max), minimumElementSize: 5, "the entries of \(path)")
    // The names are checked in place, then the block is copied once.
    let rest = reader.unread
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    var offset = 0
    for _ in 0..<count {
      guard offset < rest.count, rest.count - offset - 1 >= Int(rest[offset]) else {
        throw reader.failure(.truncated, "the entries of \(path) end after the file")
      }
      let range = offset + 1..<offset + 1 + Int(rest[offset])
      let name = UnsafeRawBufferPointer(rebasing: rest[range])
      guard isLibraryName(name) else {
        throw reader.invalid("the entries of \(path) hold '\(CacheFile.string(name))', which is no library name")
      }
      if let previous = ranges.last, CacheFile.compare(UnsafeRawBufferPointer(rebasing: rest[previous]), name) >= 0 {
        throw reader.invalid("the entries of \(path) are not in the order of their bytes, or one repeats")
      }
      ranges.append(range)
      offset = range.upperBound
    }
    let names = Array(rest[0..<offset])
    try reader.skip(offset)
    return DirectoryListing(path: path, stamp: stamp, names: names, ranges: ranges)
  }
}

/// A directory's identity and its change and modification times, with nanoseconds.
package struct DirectoryStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var changeSeconds: Int64
  var changeNanoseconds: Int64
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64

  /// The stamp of a directory whose status is `info`.
  package init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    changeSeconds = Int64(info.st_ctim.tv_sec)
    changeNanoseconds = Int64(info.st_ctim.tv_nsec)
    modificationSeconds = Int64(info.st_mtim.tv_sec)
    modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
  }

  private init(words: [UInt64]) {
    device = words[0]
    inode = words[1]
    changeSeconds = Int64(bitPattern: words[2])
    changeNanoseconds = Int64(bitPattern: words[3])
    modificationSeconds = Int64(bitPattern: words[4])
    modificationNanoseconds = Int64(bitPattern: words[5])
  }

  func write(to writer: inout BinaryWriter) {
    for word in [
      device, inode, UInt64(bitPattern: changeSeconds), UInt64(bitPattern: changeNanoseconds),
      UInt64(bitPattern: modificationSeconds), UInt64(bitPattern: modificationNanoseconds),
    ] {
      writer.writeUInt64(word)
    }
  }

  static func read(from reader: inout BinaryReader) throws(CacheError) -> DirectoryStamp {
    var words: [UInt64] = []
    for _ in 0..<6 { words.append(try reader.readUInt64()) }
    let stamp = DirectoryStamp(words: words)
    guard (0..<1_000_000_000).contains(stamp.changeNanoseconds),
      (0..<1_000_000_000).contains(stamp.modificationNanoseconds)
    else { throw reader.invalid("a directory's time has more than a second of nanoseconds") }
    return stamp
  }
}
