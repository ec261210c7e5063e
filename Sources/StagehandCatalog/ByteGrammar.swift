import StagehandPlugins

/// Checks of the cache's reader that work on bytes, for speed: UTF-8 validation, and the grammars of names, plugin
/// ids and versions.
///
/// The grammars give the same answers as `Names` (a test compares them on many strings): ASCII text is checked here
/// byte by byte, and other text is handed to `Names`, whose id and version checks work on characters and are slower.
enum ByteGrammar {
  /// Whether every byte is below 0x80.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset + 8 <= bytes.count {
      guard base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else {
        return false
      }
      offset += 8
    }
    while offset < bytes.count {
      guard base.load(fromByteOffset: offset, as: UInt8.self) < 0x80 else { return false }
      offset += 1
    }
    return true
  }

  /// Whether `bytes` is well-formed UTF-8 (The Unicode Standard, table 3-7): no stray continuation bytes, no
  /// overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut short.
  static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return false
      }
      guard index + length <= count, second.contains(bytes[index + 1]) else { return false }
      for next in index + 2..<index + length where !(0x80...0xBF).contains(bytes[next]) { return false }
      index += length
    }
    return true
  }

  /// Whether `text` holds a NUL byte, which would cut it short where it is handed to C as a path.
  static func containsNUL(_ text: String) -> Bool {
    withUTF8(text) { $0.contains(0) }
  }

  /// Whether `text` matches `[a-z][a-z0-9-]*`; the same answer as `Names.isName`, which also works on bytes, but
  /// faster.
  static func isName(_ text: String) -> Bool {
    withUTF8(text) { isName(UnsafeRawBufferPointer($0)) }
  }

  /// Whether the UTF-8 `bytes` match `[a-z][a-z0-9-]*`.
  static func isName(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first, ASCIISet.letters.contains(first) else { return false }
    let count = bytes.count
    guard count >= 8 else {
      for offset in 1..<count where !ASCIISet.inLabels.contains(bytes[offset]) { return false }
      return true
    }
    // Eight bytes at a time; the last word overlaps the one before it when the count is not a multiple of 8.
    var offset = 0
    while true {
      let start = min(offset, count - 8)
      guard allInLabels(bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)) else { return false }
      offset += 8
      if start == count - 8 { return true }
    }
  }

  /// Whether every byte of `word` is `a` to `z`, `0` to `9` or `-`: each byte is compared with the bounds of the
  /// three ranges at once (adding 0x80 minus a bound sets a byte's high bit when the byte reaches the bound, without a
  /// carry into the next byte, since every byte is below 0x80).
  @inline(__always)
  static func allInLabels(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    guard word & high == 0 else { return false }
    func atLeast(_ bound: UInt64) -> UInt64 { (word &+ (0x80 - bound) &* ones) & high }
    let letter = atLeast(0x61) & ~atLeast(0x7B)
    let digit = atLeast(0x30) & ~atLeast(0x3A)
    let hyphen = atLeast(0x2D) & ~atLeast(0x2E)
    return letter | digit | hyphen == high
  }

  /// A set of ASCII bytes as a 128-bit mask: a byte is tested with a shift, not a chain of comparisons.
  struct ASCIISet {
    /// Bytes 0 to 63, and 64 to 127.
    var low: UInt64
    var high: UInt64

    // Computed from literals, not stored: a stored static is reached through a lazy initializer on every use.
    /// `a` to `z` (0x61 to 0x7A: bits 33 to 58 of `high`).
    static var letters: ASCIISet { ASCIISet(low: 0, high: 0x07FF_FFFE_0000_0000) }
    /// What may follow the first byte of a name or of a label of an id: `a` to `z`, `0` to `9` (0x30 to 0x39: bits
    /// 48 to 57 of `low`) and `-` (0x2D: bit 45).
    static var inLabels: ASCIISet { ASCIISet(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_0000_0000) }

    /// Whether `byte` is in the set (a byte from 0x80 never is).
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
      byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
    }
  }

  /// Whether `text` is a reverse-DNS plugin id; the same answer as `Names.isPluginID`.
  static func isPluginID(_ text: String) -> Bool {
    withUTF8(text) { isPluginID(UnsafeRawBufferPointer($0)) }
  }

  /// Whether the UTF-8 `bytes` are a reverse-DNS plugin id; the same answer as `Names.isPluginID`.
  static func isPluginID(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var labels = 1
    var labelLength = 0
    for byte in bytes {
      if byte >= 0x80 {
        return Names.isPluginID(String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
      } else if byte == UInt8(ascii: ".") {
        guard labelLength > 0 else { return false }
        labels += 1
        labelLength = 0
      } else {
        guard (labelLength == 0 ? ASCIISet.letters : ASCIISet.inLabels).contains(byte) else { return false }
        labelLength += 1
      }
    }
    return labels >= 2 && labelLength > 0
  }

  /// Whether `text` is a semantic version; the same answer as `Names.isSemanticVersion`. The common form,
  /// MAJOR.MINOR.PATCH alone, is checked here without allocating; anything else is handed to `Names`.
  static func isSemanticVersion(_ text: String) -> Bool {
    withUTF8(text) { bytes in
      var dots = 0
      var digits = 0
      var leadingZero = false
      for byte in bytes {
        if byte == UInt8(ascii: ".") {
          guard digits > 0 else { return false }
          dots += 1
          digits = 0
        } else if isDigit(byte) {
          if digits == 0 {
            leadingZero = byte == UInt8(ascii: "0")
          } else if leadingZero {
            return false
          }
          digits += 1
        } else {
          return Names.isSemanticVersion(String(decoding: bytes, as: UTF8.self))
        }
      }
      return dots == 2 && digits > 0
    }
  }

  /// Whether `text` is `major.minor`: two numbers of 1 to 5 ASCII digits.
  static func isABIVersion(_ text: String) -> Bool {
    var parts = 1
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        guard (1...5).contains(digits) else { return false }
        parts += 1
        digits = 0
      } else {
        guard isDigit(byte) else { return false }
        digits += 1
      }
    }
    return parts == 2 && (1...5).contains(digits)
  }

  /// Runs `body` over the UTF-8 bytes of `text` without copying it when it is stored contiguously (as every string
  /// the reader makes is).
  private static func withUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
