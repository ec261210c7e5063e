import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

// A record's frame, in format version 4 (the file's layout is in RegistryCache+File.swift):
//
//   path             string    u32 byte count + UTF-8, absolute, no NUL byte
//   identity         48 bytes  device, inode, size, mtime seconds, mtime nanoseconds (u64 or i64), mode, owner (u32)
//   sha256           32 bytes
//   name count       u16       0 unless the outcome is ok
//   names                      u8 byte count + bytes each: the plugin id, then each style's name and its presets'
//   listing length   u32       0 unless the outcome is ok
//   listing                    what `list` shows of each style and preset besides its name (StyleListing.swift)
//   tag              u8        the outcome's tag: 0 ok, 1 refused, 2 to 6 quarantined
//   outcome offset   u64       from the start of the outcomes
//   outcome length   u32
//   outcome checksum u64       of the outcome's bytes, which ScanOutcome.write(to:) wrote
//
// Frames are sorted by the bytes of their paths, so that a path is found by binary search and no path repeats.

extension CacheFile {
  /// Where the outcomes of a whole file's bytes start, read from its header (nil when it has no header).
  static func outcomesStart(_ array: [UInt8]) -> Int? {
    guard array.count >= RegistryCache.fixedHeaderSize else { return nil }
    let end = array.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: RegistryCache.fixedHeaderSize - 8, as: UInt64.self)
    }
    let framesEnd = UInt64(littleEndian: end)
    return framesEnd <= UInt64(array.count - 8) ? Int(framesEnd) + 8 : nil
  }

  /// The header of a cache file: checks the magic, the format version and the length (`fileLength` bytes on disk);
  /// gives where the frames' checksum lies.
  static func header(_ bytes: UnsafeRawBufferPointer, fileLength: Int, origin: String) throws(CacheError) -> Int {
    func failure(_ reason: CacheError.Reason, _ detail: String) -> CacheError {
      CacheError(file: origin, reason: reason, detail: detail)
    }
    let magic = RegistryCache.magic
    guard bytes.count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
      if bytes.isEmpty { throw failure(.truncated, "it is empty") }
      if bytes.count < magic.count, magic.starts(with: bytes) {
        throw failure(.truncated, "it ends within its first line, after \(bytes.count) bytes")
      }
      throw failure(.foreignFormat, "it does not start with the line STAGEHAND-REGISTRY-CACHE")
    }
    var header = BinaryReader(bytes, offset: magic.count, origin: origin)
    let version = try header.readUInt32()
    guard version == RegistryCache.formatVersion else {
      throw failure(
        .otherVersion, "its format version is \(version); this host reads version \(RegistryCache.formatVersion)")
    }
    let length = try header.readUInt64()
    guard length == UInt64(fileLength) else {
      if length > UInt64(fileLength) {
        throw failure(.truncated, "it declares \(length) bytes but has only \(fileLength)")
      }
      throw failure(.corrupt, "it declares \(length) bytes but has \(fileLength)")
    }
    let framesEnd = try header.readUInt64()
    guard framesEnd >= UInt64(RegistryCache.fixedHeaderSize), framesEnd <= UInt64(fileLength) - 8 else {
      throw failure(.corrupt, "its frames end at byte \(framesEnd), outside the file")
    }
    return Int(framesEnd)
  }

  /// The records of the header and frames in `bytes` (at least `framesEnd + 8` bytes) of a file of `fileLength`
  /// bytes: checks the header, the frames' checksum (unless `verifying` is false) and every frame.
  static func frames(
    _ bytes: UnsafeRawBufferPointer, fileLength: Int, origin: String, verifying: Bool = true
  ) throws(CacheError) -> (entries: [Entry], listings: [DirectoryListing], framesEnd: Int) {
    let framesEnd = try header(bytes, fileLength: fileLength, origin: origin)
    guard bytes.count >= framesEnd + 8 else {
      throw CacheError(file: origin, reason: .truncated, detail: "its frames end after its last byte")
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[0..<framesEnd])
    let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: framesEnd, as: UInt64.self))
    let computed = RegistryCache.checksum(body)
    guard stored == computed || !verifying else {
      throw CacheError(
        file: origin, reason: .corrupt,
        detail: "its checksum is 0x\(String(stored, radix: 16)), but its frames give 0x\(String(computed, radix: 16))")
    }
    var reader = BinaryReader(body, offset: RegistryCache.fixedHeaderSize, origin: origin)
    let writtenBy = try reader.readString(limit: 64, "the host version")
    guard writtenBy == RegistryCache.hostVersion else {
      throw CacheError(
        file: origin, reason: .otherVersion,
        detail: "it was written by Stagehand \(writtenBy); this is Stagehand \(RegistryCache.hostVersion)")
    }
    let count = try reader.readCount(
      limit: Int(UInt32.max), minimumElementSize: CacheRecord.minimumFrameSize, "the record list")
    let outcomesCount = fileLength - framesEnd - 8
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      let entry = try frame(&reader, outcomesCount: outcomesCount)
      if let previous = entries.last,
        compare(
          UnsafeRawBufferPointer(rebasing: body[previous.path]), UnsafeRawBufferPointer(rebasing: body[entry.path]))
          >= 0
      {
        throw reader.invalid("the records are not in the order of their paths, or two have the same path")
      }
      entries.append(entry)
    }
    let listingCount = try reader.readCount(limit: Int(UInt32.max), minimumElementSize: 56, "the directory listings")
    var listings: [DirectoryListing] = []
    for _ in 0..<listingCount {
      let listing = try DirectoryListing.read(from: &reader)
      if let previous = listings.last, !previous.path.utf8.lexicographicallyPrecedes(listing.path.utf8) {
        throw reader.invalid("the directory listings are not in the order of their paths, or two have the same path")
      }
      listings.append(listing)
    }
    try reader.expectEnd()
    return (entries, listings, framesEnd)
  }

  /// Reads one record's frame.
  private static func frame(_ reader: inout BinaryReader, outcomesCount: Int) throws(CacheError) -> Entry {
    let pathLength = Int(try reader.readUInt32())
    guard pathLength <= BinaryLimits.text else { throw reader.invalid("a library path of \(pathLength) bytes") }
    let pathStart = reader.offset
    let path = try reader.readBytes(pathLength)
    guard path.first == UInt8(ascii: "/"), memchr(path.baseAddress!, 0, path.count) == nil else {
      throw reader.invalid("library path '\(string(path))' is not absolute or holds a NUL byte")
    }
    guard ByteGrammar.isASCII(path) || ByteGrammar.isValidUTF8(path) else {
      throw reader.invalid("a library path is not valid UTF-8")
    }
    // The identity and the digest have a fixed size: one bounds check for both.
    let fixed = try reader.readBytes(96)
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: fixed.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func bigWord(_ offset: Int) -> UInt64 {
      UInt64(bigEndian: fixed.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func half(_ offset: Int) -> UInt32 {
      UInt32(littleEndian: fixed.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    let identity = FileIdentity(
      device: word(0), inode: word(8), size: Int64(bitPattern: word(16)),
      modificationSeconds: Int64(bitPattern: word(24)),
      modificationNanoseconds: Int64(bitPattern: word(32)), changeSeconds: Int64(bitPattern: word(40)),
      changeNanoseconds: Int64(bitPattern: word(48)), mode: half(56), owner: half(60))
    guard identity.size >= 0, (0..<1_000_000_000).contains(identity.modificationNanoseconds),
      (0..<1_000_000_000).contains(identity.changeNanoseconds)
    else {
      throw reader.invalid("the identity of \(string(path)) has a negative size or more than a second of nanoseconds")
    }
    let digest = LibraryDigest(
      words: (bigWord(64), bigWord(72), bigWord(80), bigWord(88)))
    let nameCount = Int(try reader.readUInt16())
    let namesStart = reader.offset
    for index in 0..<nameCount {
      let name = try reader.readBytes(Int(try reader.readUInt8()))
      guard index == 0 ? Names.isPluginID(name) : Names.isName(name) else {
        throw reader.invalid("the record of \(string(path)) holds the name '\(string(name))', which breaks its grammar")
      }
    }
    let names = namesStart..<reader.offset
    let listingLength = Int(try reader.readUInt32())
    let listingStart = reader.offset
    let listing = try reader.readBytes(listingLength)
    let tag = try reader.readUInt8()
    let kind: Kind
    switch tag {
    case 0: kind = .ok
    case 1: kind = .refused
    case 2...6: kind = .quarantined
    default: throw reader.invalid("the outcome of \(string(path)) has tag \(tag), which this host does not know")
    }
    guard kind == .ok ? nameCount >= 2 : nameCount == 0 && listingLength == 0 else {
      throw reader.invalid("the record of \(string(path)) has \(nameCount) names for its outcome")
    }
    guard kind != .ok || checkListing(listing, nameCount: nameCount) else {
      throw reader.invalid("the listing of \(string(path)) does not match its names")
    }
    let offset = try reader.readUInt64()
    let length = UInt64(try reader.readUInt32())
    guard length >= 1, offset <= UInt64(outcomesCount), length <= UInt64(outcomesCount) - offset else {
      throw reader.invalid("the outcome of \(string(path)) lies outside the file")
    }
    let checksumOffset = reader.offset
    let checksum = try reader.readUInt64()
    return Entry(
      path: pathStart..<pathStart + pathLength, identity: identity, sha256: digest, kind: kind, tag: tag,
      nameCount: nameCount, names: names, listing: listingStart..<listingStart + listingLength,
      outcome: Int(offset)..<Int(offset + length), outcomeChecksum: checksum,
      outcomeChecksumOffset: checksumOffset)
  }
}
