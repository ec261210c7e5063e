import CStagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A SHA-256 digest: 32 bytes, compared and hashed by value.
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
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
  public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
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

/// A streaming SHA-256 hash (FIPS 180-4), computed by the system's libcrypto (OpenSSL 3, opened on first use): feed
/// bytes with `update`, in pieces of any size, then `finalize`. A copy of a hash goes on independently.
public struct SHA256: Sendable {
  /// The libcrypto digest context, copied before a write when another hash shares it.
  private var context: Context

  /// Starts a new hash; throws when libcrypto cannot be loaded.
  public init() throws(CacheError) {
    context = try Context()
  }

  /// Feeds `bytes` to the hash.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    // EVP_DigestUpdate of SHA-256 fails only for a context it never started, which `Context` cannot be.
    let status = sh_sha256_update(context.pointer, base, bytes.count)
    precondition(status == 0, "libcrypto refused to update a SHA-256 digest")
  }

  /// Feeds `bytes` to the hash.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest of every byte fed so far; the hash itself is left as it was, so more bytes may follow.
  public func finalize() -> SHA256Digest {
    var digest = [UInt8](repeating: 0, count: 32)
    let status = digest.withUnsafeMutableBufferPointer { sh_sha256_digest(context.pointer, $0.baseAddress) }
    precondition(status == 0, "libcrypto could not finish a SHA-256 digest")
    return SHA256Digest(bytes: digest)!
  }

  /// One libcrypto digest context, freed with the last hash that holds it.
  private final class Context: @unchecked Sendable {
    // A context is only written by the one hash that holds it uniquely (copy on write), so sharing it is safe.
    let pointer: UnsafeMutableRawPointer

    init() throws(CacheError) {
      var message = [CChar](repeating: 0, count: 512)
      guard let pointer = sh_sha256_new(&message, message.count) else {
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw CacheError(file: "libcrypto.so.3", reason: .cannotRead, detail: reason)
      }
      self.pointer = pointer
    }

    private init(pointer: UnsafeMutableRawPointer) {
      self.pointer = pointer
    }

    /// A context in the same state.
    func copy() -> Context {
      guard let copied = sh_sha256_copy(pointer) else { fatalError("out of memory copying a SHA-256 digest") }
      return Context(pointer: copied)
    }

    deinit { sh_sha256_free(pointer) }
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: UnsafeRawBufferPointer) throws(CacheError) -> SHA256Digest {
    var hash = try SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: [UInt8]) throws(CacheError) -> SHA256Digest {
    var hash = try SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The digest of a whole file, read from offset 0 with `pread` in 64 KiB chunks. The descriptor's file offset is
  /// not moved, and the caller keeps ownership of the descriptor (it is not closed).
  public static func hash(fileDescriptor: Int32) throws(CacheError) -> SHA256Digest {
    let chunkSize = 64 * 1024
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var hash = try SHA256()
    var offset: off_t = 0
    while true {
      let count = pread(fileDescriptor, buffer.baseAddress, chunkSize, offset)
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw CacheError(
          file: descriptorName(fileDescriptor), reason: .cannotRead,
          detail: "reading at offset \(offset) to hash it failed: \(systemMessage(code))", systemError: code)
      }
      hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      offset += off_t(count)
    }
    return hash.finalize()
  }

  /// The path a descriptor was opened with, for messages, from /proc; else `file descriptor N`.
  private static func descriptorName(_ descriptor: Int32) -> String {
    var target = [CChar](repeating: 0, count: 4097)
    let count = readlink("/proc/self/fd/\(descriptor)", &target, 4096)
    guard count > 0 else { return "file descriptor \(descriptor)" }
    return String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
