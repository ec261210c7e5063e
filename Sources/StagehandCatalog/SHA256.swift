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

/// A streaming SHA-256 hash (FIPS 180-4): feed bytes with `update`, in pieces of any size, then `finalize`.
public struct SHA256: Sendable {
  /// The eight working words of the hash state, H0 to H7.
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// The bytes of an unfinished block: 64 bytes, of which `pendingCount` are used.
  private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
  private var pendingCount = 0
  /// How many bytes were fed so far.
  private var length: UInt64 = 0

  /// Starts a new hash.
  public init() {}

  /// Feeds `bytes` to the hash.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var source = bytes.baseAddress, bytes.count > 0 else { return }
    var remaining = bytes.count
    length &+= UInt64(remaining)
    if pendingCount > 0 {
      let taken = min(64 - pendingCount, remaining)
      let offset = pendingCount
      withUnsafeMutableBytes(of: &pending) { ($0.baseAddress! + offset).copyMemory(from: source, byteCount: taken) }
      pendingCount += taken
      source += taken
      remaining -= taken
      guard pendingCount == 64 else { return }
      var block = pending
      withUnsafeBytes(of: &block) { Self.compress(&state, $0.baseAddress!, blockCount: 1) }
      pendingCount = 0
    }
    let blocks = remaining / 64
    if blocks > 0 {
      Self.compress(&state, source, blockCount: blocks)
      source += blocks * 64
      remaining -= blocks * 64
    }
    if remaining > 0 {
      withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: source, byteCount: remaining) }
      pendingCount = remaining
    }
  }

  /// Feeds `bytes` to the hash.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest of every byte fed so far; the hash itself is left as it was, so more bytes may follow.
  public func finalize() -> SHA256Digest {
    var copy = self
    let bitLength = length &* 8
    // The padding: one bit, zeros up to 56 bytes modulo 64, then the length in bits, big-endian.
    let zeros = (pendingCount < 56 ? 55 : 119) - pendingCount
    var trailer = [UInt8](repeating: 0, count: 1 + zeros + 8)
    trailer[0] = 0x80
    for index in 0..<8 { trailer[1 + zeros + index] = UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * index)) }
    copy.update(trailer)
    let s = copy.state
    func join(_ high: UInt32, _ low: UInt32) -> UInt64 { UInt64(high) << 32 | UInt64(low) }
    return SHA256Digest(words: (join(s.0, s.1), join(s.2, s.3), join(s.4, s.5), join(s.6, s.7)))
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> SHA256Digest {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: [UInt8]) -> SHA256Digest {
    bytes.withUnsafeBytes { hash($0) }
  }

  /// The digest of a whole file, read from offset 0 with `pread` in 64 KiB chunks. The descriptor's file offset is
  /// not moved, and the caller keeps ownership of the descriptor (it is not closed).
  public static func hash(fileDescriptor: Int32) throws(CacheError) -> SHA256Digest {
    let chunkSize = 64 * 1024
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var hash = SHA256()
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

  // MARK: - The compression function

  /// The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// Runs the compression function over `blockCount` consecutive 64-byte blocks at `blocks`.
  private static func compress(
    _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
    _ blocks: UnsafeRawPointer, blockCount: Int
  ) {
    @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
    roundConstants.withUnsafeBufferPointer { k in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        var h = state
        for block in 0..<blockCount {
          let base = blocks + block * 64
          for t in 0..<16 { w[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self)) }
          for t in 16..<64 {
            let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
          }
          var (a, b, c, d, e, f, g, hh) = h
          for t in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
          }
          h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
        }
        state = h
      }
    }
  }
}
