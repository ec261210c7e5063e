#if canImport(Glibc)
  import Glibc
#endif

// The file, in order:
//
//   magic            25 bytes  "STAGEHAND-REGISTRY-CACHE\n"
//   format version   u32       1
//   length           u64       of the whole file, checksum included
//   host version     string    u32 byte count + UTF-8, e.g. "0.1.0"
//   record count     u32
//   records                    see CacheRecord.write(to:) in RegistryCache.swift
//   checksum         u64       of every byte before it, see RegistryCache.checksum(_:)
//
// Numbers are little-endian (a SHA-256 digest is stored as its 32 bytes, in order). The magic, the format version,
// the length and the checksum stay where they are in every future format version, so that any host can tell what it
// is looking at.

extension RegistryCache {
  /// The first bytes of every cache file.
  static let magic = Array("STAGEHAND-REGISTRY-CACHE\n".utf8)
  /// The version of the layout above.
  static let formatVersion: UInt32 = 1
  /// The largest file the reader accepts (a cache of 1,000 plugins takes well under a megabyte).
  static let maximumFileSize = 64 << 20
  /// The bytes of the magic, the format version and the length.
  static let fixedHeaderSize = magic.count + 4 + 8

  /// The file's bytes for `records`.
  static func encode(_ records: some Sequence<CacheRecord>, hostVersion: String = hostVersion) -> [UInt8] {
    var writer = BinaryWriter(capacity: 64 * 1024)
    writer.writeBytes(magic)
    writer.writeUInt32(formatVersion)
    writer.writeUInt64(0)  // the length, patched below
    writer.writeString(hostVersion)
    let countOffset = writer.count
    writer.writeUInt32(0)  // the record count, patched below
    var count: UInt32 = 0
    for record in records {
      record.write(to: &writer)
      count &+= 1
    }
    writer.patchUInt32(count, at: countOffset)
    writer.patchUInt64(UInt64(writer.count + 8), at: magic.count + 4)
    let sum = writer.bytes.withUnsafeBytes { checksum($0) }
    writer.writeUInt64(sum)
    return writer.bytes
  }

  /// The records of a file's bytes, keyed by path; the error says what is wrong (its file is `file`).
  static func decode(_ bytes: UnsafeRawBufferPointer, file: String) throws(CacheError) -> [String: CacheRecord] {
    func failure(_ reason: CacheError.Reason, _ detail: String) -> CacheError {
      CacheError(file: file, reason: reason, detail: detail)
    }
    guard bytes.count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
      if bytes.isEmpty { throw failure(.truncated, "it is empty") }
      if bytes.count < magic.count, magic.starts(with: bytes) {
        throw failure(.truncated, "it ends within its first line, after \(bytes.count) bytes")
      }
      throw failure(.foreignFormat, "it does not start with the line STAGEHAND-REGISTRY-CACHE")
    }
    var header = BinaryReader(bytes, offset: magic.count, origin: file)
    let version = try header.readUInt32()
    guard version == formatVersion else {
      throw failure(.otherVersion, "its format version is \(version); this host reads version \(formatVersion)")
    }
    let length = try header.readUInt64()
    guard length == UInt64(bytes.count) else {
      if length > UInt64(bytes.count) {
        throw failure(.truncated, "it declares \(length) bytes but has only \(bytes.count)")
      }
      throw failure(.corrupt, "it declares \(length) bytes but has \(bytes.count)")
    }
    guard bytes.count >= fixedHeaderSize + 8 else { throw failure(.corrupt, "it is too short to hold a checksum") }
    let body = UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count - 8])
    let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    let computed = checksum(body)
    guard stored == computed else {
      throw failure(
        .corrupt,
        "its checksum is 0x\(String(stored, radix: 16)), but its contents give 0x\(String(computed, radix: 16))")
    }
    var reader = BinaryReader(body, offset: fixedHeaderSize, origin: file)
    let writtenBy = try reader.readString(limit: 64, "the host version")
    guard writtenBy == hostVersion else {
      throw failure(.otherVersion, "it was written by Stagehand \(writtenBy); this is Stagehand \(hostVersion)")
    }
    let count = try reader.readCount(
      limit: Int(UInt32.max), minimumElementSize: CacheRecord.minimumSize, "the record list")
    var records: [String: CacheRecord] = [:]
    // A record takes at least 85 bytes of the file but about 300 in memory: reserve for a plausible count only, so
    // that a hostile file of many tiny records cannot make the reader reserve several times its size up front.
    records.reserveCapacity(min(count, 10_000))
    for _ in 0..<count {
      let record = try CacheRecord(from: &reader)
      let path = record.path
      records[path] = consume record
    }
    try reader.expectEnd()
    guard records.count == count else {
      throw reader.invalid("\(count - records.count) of the \(count) records repeat the path of another")
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
  /// hostile or foreign file, one written by another host version, one that is not a regular file or cannot be
  /// read, and a file or directory that another user could have changed (writable by group or others, or owned by
  /// someone who is neither the current user nor root) give no records and one warning line, which names the file,
  /// says why it is ignored and what happens next or what to do.
  public func read() -> (records: [String: CacheRecord], warning: String?) {
    do throws(CacheError) {
      return (try load(), nil)
    } catch {
      let warning =
        switch error.reason {
        case .untrusted where error.file != path:
          "registry cache \(path) is ignored: its directory \(error.file) \(error.detail)"
        case .untrusted: "registry cache \(path) is ignored: it \(error.detail)"
        case .notRegularFile:
          "registry cache \(path) \(error.reason): \(error.detail); it is ignored. Move it away so that the cache can "
            + "be rebuilt"
        default: "registry cache \(path) \(error.reason): \(error.detail); it is ignored and will be rebuilt"
        }
      return ([:], warning)
    }
  }

  /// Reads every record, keyed by path; no records when the file does not exist.
  func load() throws(CacheError) -> [String: CacheRecord] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return [:] }
      if code == ELOOP { throw CacheError(file: path, reason: .notRegularFile, detail: "it is a symbolic link") }
      throw CacheError(file: path, reason: .cannotOpen, detail: systemMessage(code), systemError: code)
    }
    defer { close(descriptor) }
    try Self.checkTrust(of: Self.directory(of: path), isDirectory: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      throw CacheError(file: path, reason: .cannotRead, detail: systemMessage(code), systemError: code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw CacheError(file: path, reason: .notRegularFile, detail: "it is a directory, a device or a pipe")
    }
    try Self.checkTrust(info, of: path, isDirectory: false)
    let size = Int(info.st_size)
    guard size <= Self.maximumFileSize else {
      throw CacheError(
        file: path, reason: .tooLarge, detail: "it has \(size) bytes; the limit is \(Self.maximumFileSize)")
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    defer { buffer.deallocate() }
    var filled = 0
    while filled < size {
      let count = Glibc.read(descriptor, buffer.baseAddress! + filled, size - filled)
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR || code == EAGAIN { continue }
        throw CacheError(file: path, reason: .cannotRead, detail: systemMessage(code), systemError: code)
      }
      filled += count
    }
    return try Self.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), file: path)
  }

  /// The directory that holds `path`.
  static func directory(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  /// Fails unless the file or directory at `path` could be changed only by the current user or root.
  static func checkTrust(of path: String, isDirectory: Bool) throws(CacheError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      throw CacheError(
        file: path, reason: .cannotRead, detail: "cannot examine \(path): \(systemMessage(code))", systemError: code)
    }
    try checkTrust(info, of: path, isDirectory: isDirectory)
  }

  /// Fails unless `info` describes something that only the current user or root could have changed.
  static func checkTrust(_ info: stat, of path: String, isDirectory: Bool) throws(CacheError) {
    switch LibraryTrust.violation(info) {
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
