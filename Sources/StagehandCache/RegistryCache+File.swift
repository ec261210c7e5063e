import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

// The file, in order:
//
//   magic            25 bytes  "STAGEHAND-REGISTRY-CACHE\n"
//   format version   u32       5 (3 added each style's reduced-motion fallback, ABI 1.1; 4 each record's listing;
//                              5 the directory listings)
//   length           u64       of the whole file
//   frames end       u64       where the frames' checksum lies
//   host version     string    u32 byte count + UTF-8, e.g. "0.1.0"
//   record count     u32
//   frames                     one per record, sorted by path; see CacheFile+Reading.swift
//   directory listings         the `*.so` entries of searched directories, with their stamps; see DirectoryListing.swift
//   frames checksum  u64       of every byte before it, see RegistryCache.checksum(_:)
//   outcomes                   each record's outcome (ScanOutcome.write(to:)), each with its checksum in its frame
//
// Numbers are little-endian (a SHA-256 digest is stored as its 32 bytes, in order). The magic, the format version
// and the length stay where they are in every format version, so that any host can tell what it is looking at. The
// frames come first so that a reader can read them alone: every record's path, identity and names, but no plugin's
// description until it is used.

extension RegistryCache {
  /// The first bytes of every cache file.
  static let magic = Array("STAGEHAND-REGISTRY-CACHE\n".utf8)
  /// The version of the layout above.
  static let formatVersion: UInt32 = 6
  /// The version of the cache file's format this host reads and writes; a cache of another version is scanned again
  /// (`stagehand --version` prints it).
  public static var currentFormatVersion: Int { Int(formatVersion) }
  /// The largest file the reader accepts (a cache of 1,000 plugins takes well under a megabyte).
  static let maximumFileSize = 64 << 20
  /// The bytes of the magic, the format version, the length and the end of the frames.
  static let fixedHeaderSize = magic.count + 4 + 8 + 8

  /// The file's bytes for `records`.
  @_spi(Fuzzing)
  public static func encode(_ records: some Sequence<CacheRecord>, hostVersion: String = hostVersion) -> [UInt8] {
    encode(records.map(StoredRecord.new), listings: [], hostVersion: hostVersion)
  }

  /// A record to write: a new one, or one of a file read before, copied as it is.
  package enum StoredRecord {
    /// A record made now (by a scan).
    case new(CacheRecord)
    /// The record at this index of a file read before.
    case kept(CacheFile, Int)
  }

  /// The file's bytes for `records` and `listings`, each sorted by path (a listing whose path repeats is kept once). A
  /// kept record whose outcome can no longer be read is left out.
  package static func encode(
    _ records: [StoredRecord], listings: [DirectoryListing], hostVersion: String = hostVersion
  ) -> [UInt8] {
    let keyed = records.map { record -> ([UInt8], StoredRecord) in
      switch record {
      case .new(let new): (Array(new.path.utf8), record)
      case .kept(let file, let index): (Array(file.view(file.entries[index].path)), record)
      }
    }
    var frames = BinaryWriter(capacity: 64 * 1024)
    frames.writeBytes(magic)
    frames.writeUInt32(formatVersion)
    frames.writeUInt64(0)  // the length, patched below
    frames.writeUInt64(0)  // the end of the frames, patched below
    frames.writeString(hostVersion)
    let countOffset = frames.count
    frames.writeUInt32(0)  // the record count, patched below
    var outcomes = BinaryWriter(capacity: 256 * 1024)
    var count: UInt32 = 0
    for (path, record) in keyed.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
      let start = outcomes.count
      var names = BinaryWriter()
      var listing: [UInt8] = []
      let identity: FileIdentity
      let digest: LibraryDigest
      let nameCount: Int
      switch record {
      case .new(let new):
        new.outcome.write(to: &outcomes)
        (identity, digest) = (new.identity, new.sha256)
        if case .ok(let info, _) = new.outcome {
          names.writeShortString(info.id)
          for style in info.styles {
            names.writeShortString(style.name)
            for preset in style.presets { names.writeShortString(preset.name) }
          }
          nameCount = info.styles.reduce(1) { $0 + 1 + $1.presets.count }
          listing = StyleListing.encode(info)
        } else {
          nameCount = 0
        }
      case .kept(let file, let index):
        let entry = file.entries[index]
        do throws(CacheError) {
          try file.withOutcome(of: entry) { (bytes) throws(CacheError) in outcomes.writeBytes(bytes) }
        } catch {
          continue
        }
        (identity, digest, nameCount) = (entry.identity, entry.sha256, entry.nameCount)
        names.writeBytes(file.view(entry.names))
        listing = Array(file.view(entry.listing))
      }
      frames.writeUInt32(UInt32(truncatingIfNeeded: path.count))
      frames.writeBytes(path)
      frames.writeUInt64(identity.device)
      frames.writeUInt64(identity.inode)
      frames.writeInt64(identity.size)
      frames.writeInt64(identity.modificationSeconds)
      frames.writeInt64(identity.modificationNanoseconds)
      frames.writeInt64(identity.changeSeconds)
      frames.writeInt64(identity.changeNanoseconds)
      frames.writeUInt32(identity.mode)
      frames.writeUInt32(identity.owner)
      let words = digest.words
      for word in [words.0, words.1, words.2, words.3] { frames.writeUInt64BigEndian(word) }
      frames.writeUInt16(UInt16(truncatingIfNeeded: nameCount))
      frames.writeBytes(names.bytes)
      frames.writeUInt32(UInt32(truncatingIfNeeded: listing.count))
      frames.writeBytes(listing)
      frames.writeUInt8(outcomes.bytes[start])
      frames.writeUInt64(UInt64(start))
      frames.writeUInt32(UInt32(truncatingIfNeeded: outcomes.count - start))
      frames.writeUInt64(outcomes.bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) })
      count &+= 1
    }
    frames.patchUInt32(count, at: countOffset)
    var unique: [DirectoryListing] = []
    for listing in listings.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
    where unique.last?.path != listing.path {
      unique.append(listing)
    }
    frames.writeUInt32(UInt32(unique.count))
    for listing in unique { listing.write(to: &frames) }
    let framesEnd = frames.count
    frames.patchUInt64(UInt64(framesEnd + 8 + outcomes.count), at: magic.count + 4)
    frames.patchUInt64(UInt64(framesEnd), at: magic.count + 12)
    let sum = frames.bytes.withUnsafeBytes { checksum($0) }
    frames.writeUInt64(sum)
    frames.writeBytes(outcomes.bytes)
    return frames.bytes
  }

  /// Recomputes the length and the checksums of a cache file's bytes, the frames' and each outcome's, as far as its
  /// frames can be read: for tests that damage a file behind valid checksums, and fuzzing that mutates one.
  @_spi(Fuzzing)
  public static func reseal(_ bytes: inout [UInt8]) {
    guard bytes.count >= fixedHeaderSize + 8 else { return }
    withUnsafeBytes(of: UInt64(bytes.count).littleEndian) {
      bytes.replaceSubrange(magic.count + 4..<magic.count + 12, with: $0)
    }
    let parsed = bytes.withUnsafeBytes { buffer in
      try? CacheFile.frames(buffer, fileLength: buffer.count, origin: "", verifying: false)
    }
    let framesEnd =
      parsed?.framesEnd
      ?? bytes.withUnsafeBytes {
        Int(
          truncatingIfNeeded: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count + 12, as: UInt64.self)))
      }
    guard framesEnd >= fixedHeaderSize, framesEnd <= bytes.count - 8 else { return }
    for entry in parsed?.entries ?? [] {
      let start = framesEnd + 8
      let sum = bytes.withUnsafeBytes {
        checksum(
          UnsafeRawBufferPointer(rebasing: $0[start + entry.outcome.lowerBound..<start + entry.outcome.upperBound]))
      }
      withUnsafeBytes(of: sum.littleEndian) {
        bytes.replaceSubrange(entry.outcomeChecksumOffset..<entry.outcomeChecksumOffset + 8, with: $0)
      }
    }
    let sum = bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[0..<framesEnd])) }
    withUnsafeBytes(of: sum.littleEndian) { bytes.replaceSubrange(framesEnd..<framesEnd + 8, with: $0) }
  }

  /// Every record of a file's bytes, fully decoded and keyed by path; the error says what is wrong (its file is
  /// `file`).
  @_spi(Fuzzing)
  public static func decode(_ bytes: [UInt8], file: String) throws(CacheError) -> [String: CacheRecord] {
    try records(of: try CacheFile(bytes, origin: file))
  }

  /// Every record of `file`, fully decoded and keyed by path.
  static func records(of file: CacheFile) throws(CacheError) -> [String: CacheRecord] {
    try file.loadOutcomes()
    var records: [String: CacheRecord] = [:]
    records.reserveCapacity(file.entries.count)
    for index in file.entries.indices {
      let record = try file.record(at: index)
      records[record.path] = record
    }
    return records
  }

  /// A 64-bit checksum of `bytes`, computed 8 bytes at a time in four independent lanes.
  ///
  /// Each step maps a lane to a new value one to one for a given word, and every word to a new value for a given
  /// lane, so changing any one 8-byte word (any number of its bits) always changes the result; it is not a
  /// cryptographic hash, only a guard against damage.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
    @inline(__always) func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
      let product = (lane ^ word) &* prime
      return product << 31 | product >> 33
    }
    var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
    let count = bytes.count
    var offset = 0
    if let base = bytes.baseAddress {
      func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
      while offset + 32 <= count {
        a = mix(a, word(offset))
        b = mix(b, word(offset + 8))
        c = mix(c, word(offset + 16))
        d = mix(d, word(offset + 24))
        offset += 32
      }
      while offset + 8 <= count {
        a = mix(a, word(offset))
        offset += 8
      }
      if offset < count {
        var last: UInt64 = 0
        withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        a = mix(a, UInt64(littleEndian: last))
      }
    }
    var result = mix(UInt64(count), a)
    result = mix(result, b)
    result = mix(result, c)
    result = mix(result, d)
    return result ^ result >> 32
  }

  /// Reads every record, keyed by path.
  ///
  /// Never throws and never traps. A missing file gives no records and no warning. An empty, truncated, corrupt,
  /// hostile or foreign file, one written by another format or host version, one that is not a regular file or
  /// cannot be read, and a file or directory that another user could have changed (writable by group or others, or
  /// owned by someone who is neither the current user nor root) give no records and one warning line, which names the
  /// file, says why it is ignored and what happens next or what to do.
  public func read() -> (records: [String: CacheRecord], warning: String?) {
    do throws(CacheError) {
      return (try Self.records(of: try load()), nil)
    } catch {
      return ([:], warning(error))
    }
  }

  /// Reads the file and the frames of its records, leaving the rest of each record to be decoded when it is used;
  /// an empty file and a warning when `read()` would give one.
  package func readFile() -> (file: CacheFile, warning: String?) {
    do throws(CacheError) {
      return (try load(), nil)
    } catch {
      return (.empty(origin: path), warning(error))
    }
  }

  /// The warning line for a cache that cannot be used.
  func warning(_ error: CacheError) -> String {
    switch error.reason {
    case .untrusted where error.file != path:
      "registry cache \(path) is ignored: its directory \(error.file) \(error.detail)"
    case .untrusted: "registry cache \(path) is ignored: it \(error.detail)"
    case .notRegularFile:
      "registry cache \(path) \(error.reason): \(error.detail); it is ignored. Move it away so that the cache can "
        + "be rebuilt"
    default: "registry cache \(path) \(error.reason): \(error.detail); it is ignored and will be rebuilt"
    }
  }

  /// Reads the file and the frames of its records; no records when the file does not exist.
  func load() throws(CacheError) -> CacheFile {
    let descriptor: Int32
    let info: stat
    do {
      (descriptor, info) = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) {
        error in
        switch (error.call, error.code) {
        case ("open", ENOENT): return .missing
        case ("open", ELOOP):
          return .failed(CacheError(file: path, reason: .notRegularFile, detail: "it is a symbolic link"))
        case ("open", _):
          return .failed(CacheError(file: path, reason: .cannotOpen, detail: error.message, systemError: error.code))
        default:
          return .failed(CacheError(file: path, reason: .cannotRead, detail: error.message, systemError: error.code))
        }
      } check: { info throws(Unloadable) in
        do throws(CacheError) {
          try Self.checkTrust(of: Self.directory(of: path), isDirectory: true)
          guard SystemFile.isRegular(info) else {
            throw CacheError(file: path, reason: .notRegularFile, detail: "it is a directory, a device or a pipe")
          }
          try Self.checkTrust(info, of: path, isDirectory: false)
        } catch {
          throw .failed(error)
        }
      }
    } catch {
      switch error {
      case .missing: return .empty(origin: path)
      case .failed(let error): throw error
      }
    }
    defer { SystemFile.close(descriptor) }
    let size = Int(info.st_size)
    guard size <= Self.maximumFileSize else {
      throw CacheError(
        file: path, reason: .tooLarge, detail: "it has \(size) bytes; the limit is \(Self.maximumFileSize)")
    }
    // The header, then the header and the frames in one read; the outcomes are read from the descriptor when used.
    var head = [UInt8](repeating: 0, count: min(size, Self.fixedHeaderSize))
    try head.withUnsafeMutableBytes { head in
      Result { () throws(CacheError) in try CacheFile.read(descriptor, into: head, at: 0, path) }
    }.get()
    let framesEnd = try head.withUnsafeBytes { head in
      Result { () throws(CacheError) in try CacheFile.header(head, fileLength: size, origin: path) }
    }.get()
    let count = framesEnd + 8
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
    do throws(CacheError) {
      try CacheFile.read(descriptor, into: buffer, at: 0, path)
    } catch {
      buffer.deallocate()
      throw error
    }
    let kept: Int32
    do {
      kept = try SystemFile.duplicate(descriptor, path: path)
    } catch {
      buffer.deallocate()
      throw CacheError(file: path, reason: .cannotRead, detail: error.message, systemError: error.code)
    }
    return try CacheFile(
      adopting: buffer, count: count, fileLength: size,
      outcomes: .file(descriptor: kept, start: count, count: size - count),
      origin: path)
  }

  /// The directory that holds `path`.
  static func directory(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  /// Fails unless the file or directory at `path` could be changed only by the current user or root.
  static func checkTrust(of path: String, isDirectory: Bool) throws(CacheError) {
    let info: stat
    do {
      info = try SystemFile.status(ofPath: path)
    } catch {
      throw CacheError(
        file: path, reason: .cannotRead, detail: "cannot examine \(path): \(error.message)", systemError: error.code)
    }
    try checkTrust(info, of: path, isDirectory: isDirectory)
  }

  /// Fails unless `info` describes something that only the current user or root could have changed.
  static func checkTrust(_ info: stat, of path: String, isDirectory: Bool) throws(CacheError) {
    switch TrustRule.violation(info) {
    case .writable:
      let mode = String(info.st_mode & 0o7777, radix: 8)
      let risk =
        isDirectory
        ? "so another user could replace the cache in it; run 'chmod go-w \(path)'"
        : "so another user could have planted records in it; delete it (the next scan rebuilds it) or run "
          + "'chmod go-w \(path)'"
      throw CacheError(
        file: path, reason: .untrusted, detail: "is writable by group or others (mode \(mode)), \(risk)")
    case .foreignOwner(let uid):
      let fix =
        isDirectory
        ? "keep the cache in a directory of your own (set XDG_CACHE_HOME)" : "delete it (the next scan rebuilds it)"
      throw CacheError(
        file: path, reason: .untrusted,
        detail: "is owned by another user (uid \(uid)), who could change it; \(fix)")
    case nil:
      return
    }
  }
}

/// Why the cache file is not read: there is none (an empty cache), or the error that says why it cannot be used.
private enum Unloadable: Error {
  case missing
  case failed(CacheError)
}
