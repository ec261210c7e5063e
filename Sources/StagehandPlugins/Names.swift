/// The grammars of names, plugin ids and versions (stagehand_plugin.h, section 6): the one implementation, used by
/// the descriptor reader, the registry cache's reader, in-process styles and the command line.
///
/// Every check works on UTF-8 bytes without allocating, a name eight bytes at a time: the cache's reader checks every
/// name of every plugin each time a catalog is read. A byte from 0x80 is never part of a name, an id or a version.
public enum Names {
  /// The grammar of style, preset and parameter names and enum labels, in words.
  public static let nameRule = "a name starts with a lowercase letter and has only lowercase letters, digits and '-'"
  /// The grammar of plugin ids, in words.
  public static let pluginIDRule = "an id is reverse-DNS: two or more names separated by '.', such as org.example.zoom"
  /// The grammar of versions, in words.
  public static let versionRule = "a version is semantic, such as 1.0.0 or 2.1.0-beta.1"

  /// Whether `text` matches `[a-z][a-z0-9-]*`.
  public static func isName(_ text: String) -> Bool {
    withUTF8(text) { isName(UnsafeRawBufferPointer($0)) }
  }

  /// Whether the UTF-8 `bytes` match `[a-z][a-z0-9-]*`.
  package static func isName(_ bytes: UnsafeRawBufferPointer) -> Bool {
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

  /// Whether `text` is a reverse-DNS plugin id: two or more names separated by '.'.
  public static func isPluginID(_ text: String) -> Bool {
    withUTF8(text) { isPluginID(UnsafeRawBufferPointer($0)) }
  }

  /// Whether the UTF-8 `bytes` are a reverse-DNS plugin id.
  package static func isPluginID(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var labels = 1
    var labelLength = 0
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
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

  /// Whether `text` is a semantic version (Semantic Versioning 2.0.0): MAJOR.MINOR.PATCH, numbers without leading
  /// zeros; then an optional pre-release of dot-separated identifiers after '-' (numeric ones without leading
  /// zeros), and optional build metadata of dot-separated identifiers after '+'. Identifiers are non-empty, of ASCII
  /// letters, digits and '-'.
  public static func isSemanticVersion(_ text: String) -> Bool {
    withUTF8(text) { bytes in
      var index = 0
      for part in 0..<3 {
        guard let end = numberEnd(bytes, from: index) else { return false }
        index = end
        if part < 2 {
          guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return false }
          index += 1
        }
      }
      if index < bytes.count && bytes[index] == UInt8(ascii: "-") {
        guard let end = identifiersEnd(bytes, from: index + 1, numbersWithoutLeadingZeros: true) else { return false }
        index = end
      }
      if index < bytes.count && bytes[index] == UInt8(ascii: "+") {
        guard let end = identifiersEnd(bytes, from: index + 1, numbersWithoutLeadingZeros: false) else { return false }
        index = end
      }
      return index == bytes.count
    }
  }

  /// The end of the number that starts at `start` (digits, no leading zero but in "0"), or `nil` when none does.
  private static func numberEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var end = start
    while end < bytes.count && isDigit(bytes[end]) { end += 1 }
    guard end > start, end - start == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
    return end
  }

  /// The end of the dot-separated identifiers that start at `start`, or `nil` when one is empty or, when
  /// `numbersWithoutLeadingZeros`, is all digits with a leading zero.
  private static func identifiersEnd(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, numbersWithoutLeadingZeros: Bool
  ) -> Int? {
    var index = start
    while true {
      let first = index
      var allDigits = true
      while index < bytes.count, isDigit(bytes[index]) || ASCIISet.identifierLetters.contains(bytes[index]) {
        allDigits = allDigits && isDigit(bytes[index])
        index += 1
      }
      guard index > first else { return nil }
      if numbersWithoutLeadingZeros && allDigits && index - first > 1 && bytes[first] == UInt8(ascii: "0") {
        return nil
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return index }
      index += 1
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
    /// What a version's identifier holds besides digits: `A` to `Z` (0x41 to 0x5A: bits 1 to 26 of `high`), `a` to
    /// `z` and `-`.
    static var identifierLetters: ASCIISet { ASCIISet(low: 0x0000_2000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE) }

    /// Whether `byte` is in the set (a byte from 0x80 never is).
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
      byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
    }
  }

  /// Runs `body` over the UTF-8 bytes of `text` without copying it when it is stored contiguously (as every string
  /// the readers make is).
  private static func withUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
