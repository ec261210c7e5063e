import StagehandSystem

/// The SHA-256 digest of a plugin library's file: 32 bytes, compared and hashed by value.
///
/// The hash itself is the system's libcrypto (OpenSSL 3, opened on first use; see ``LibraryDigest/Stream``); this
/// type only keeps the 32 bytes without an allocation, reads and prints them as hexadecimal digits, and hashes a whole
/// file through its descriptor.
public struct LibraryDigest: Hashable, Sendable, CustomStringConvertible {
  /// The 32 bytes as four big-endian words, so that the digest needs no allocation.
  var words: (UInt64, UInt64, UInt64, UInt64)

  /// Creates a digest from its four big-endian 64-bit words.
  init(words: (UInt64, UInt64, UInt64, UInt64)) {
    self.words = words
  }

  /// Creates a digest from exactly 32 bytes; nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count == 32 else { return nil }
    var packed: [UInt64] = [0, 0, 0, 0]
    for (index, byte) in bytes.enumerated() { packed[index / 8] = packed[index / 8] << 8 | UInt64(byte) }
    words = (packed[0], packed[1], packed[2], packed[3])
  }

  /// Creates a digest from 64 hexadecimal digits (either case); nil for anything else.
  public init?(hex: String) {
    let digits = hex.utf8
    guard digits.count == 64 else { return nil }
    var packed: [UInt64] = [0, 0, 0, 0]
    for (index, digit) in digits.enumerated() {
      let value: UInt8
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = digit - UInt8(ascii: "A") + 10
      default: return nil
      }
      packed[index / 16] = packed[index / 16] << 4 | UInt64(value)
    }
    words = (packed[0], packed[1], packed[2], packed[3])
  }

  /// The 32 bytes, in order.
  public var bytes: [UInt8] {
    [words.0, words.1, words.2, words.3].flatMap { word in
      (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * $0)) }
    }
  }

  /// The 64 lowercase hexadecimal digits, as `sha256sum` prints them.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: 64) { buffer in
      for (index, byte) in bytes.enumerated() {
        buffer[2 * index] = digits[Int(byte >> 4)]
        buffer[2 * index + 1] = digits[Int(byte & 0x0F)]
      }
      return 64
    }
  }

  /// The hexadecimal digits.
  public var description: String { hex }

  /// Whether two digests hold the same bytes.
  public static func == (lhs: LibraryDigest, rhs: LibraryDigest) -> Bool {
    lhs.words == rhs.words
  }

  /// Feeds the 32 bytes to `hasher`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }
}

extension LibraryDigest {
  /// The SHA-256 digest of `bytes`.
  public static func hashing(_ bytes: UnsafeRawBufferPointer) throws(CacheError) -> LibraryDigest {
    var hash = try Stream()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The SHA-256 digest of `bytes`.
  public static func hashing(_ bytes: [UInt8]) throws(CacheError) -> LibraryDigest {
    var hash = try Stream()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The SHA-256 digest of a whole file, read from offset 0 in 64 KiB chunks. The descriptor's file offset is not
  /// moved, and the caller keeps ownership of the descriptor (it is not closed).
  public static func hashing(fileDescriptor: Int32) throws(CacheError) -> LibraryDigest {
    let chunkSize = 64 * 1024
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var hash = try Stream()
    var offset: Int64 = 0
    while true {
      let count: Int
      do {
        count = try SystemFile.read(fileDescriptor, into: buffer.baseAddress!, count: chunkSize, at: offset)
      } catch {
        throw CacheError(
          file: SystemFile.name(of: fileDescriptor), reason: .cannotRead,
          detail: "reading at offset \(offset) to hash it failed: \(error.message)", systemError: error.code)
      }
      if count == 0 { break }
      hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      offset += Int64(count)
    }
    return hash.finalize()
  }
}
