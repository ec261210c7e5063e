import StagehandPlugins

/// Checks of the cache's reader that work on bytes, for speed: UTF-8 validation, NUL bytes and ABI versions. The
/// grammars of names, plugin ids and versions are `Names`' (StagehandPlugins), the one implementation.
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

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
