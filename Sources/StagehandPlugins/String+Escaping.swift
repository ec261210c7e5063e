extension String {
  /// The string with every character that could drive a terminal replaced by a visible escape.
  ///
  /// Use it to print text that came from a plugin (summaries, descriptions, author, license, report() messages) or
  /// from a file name. Printable text, non-ASCII letters and emoji included, is left alone. These scalars are escaped:
  ///
  /// - C0 controls (U+0000 to U+001F): `\n`, `\r`, `\t`, `\e` (escape), the others as `\u{XX}`, e.g. `\u{07}`;
  /// - DEL (U+007F) and the C1 controls (U+0080 to U+009F), as `\u{7F}` to `\u{9F}`;
  /// - the bidirectional formatting characters (U+202A to U+202E, U+2066 to U+2069), which reorder the text that
  ///   follows them, e.g. `\u{202E}`, and the line and paragraph separators U+2028 and U+2029;
  /// - the backslash, as `\\`, so that an escape in the result always stands for an escaped character, never for
  ///   a backslash the text had.
  ///
  /// Hexadecimal digits are uppercase, at least two. A string with nothing to escape is returned as it is, without
  /// being copied.
  public var escapingControlCharacters: String {
    guard hasScalarsToEscape else { return self }
    return escaping(backslashes: true)
  }

  /// The string with its control characters escaped as ``escapingControlCharacters`` escapes them, and its
  /// backslashes left as they are: the last guard of a line whose parts were escaped already (escaping it whole
  /// again would double their backslashes).
  public var escapingRemainingControlCharacters: String {
    guard unicodeScalars.contains(where: \.needsEscaping) else { return self }
    return escaping(backslashes: false)
  }

  private func escaping(backslashes: Bool) -> String {
    var result = ""
    result.reserveCapacity(utf8.count + 16)
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A: result += #"\n"#
      case 0x0D: result += #"\r"#
      case 0x09: result += #"\t"#
      case 0x1B: result += #"\e"#
      case 0x5C where backslashes: result += #"\\"#
      case _ where scalar.needsEscaping:
        let digits = String(scalar.value, radix: 16, uppercase: true)
        result += #"\u{"# + (digits.count < 2 ? "0" + digits : digits) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether any scalar needs an escape, read from the UTF-8 bytes without decoding them.
  private var hasScalarsToEscape: Bool {
    if let answer = utf8.withContiguousStorageIfAvailable(Self.holdScalarsToEscape) { return answer }
    return unicodeScalars.contains { $0.needsEscaping || $0 == "\\" }
  }

  /// Whether valid UTF-8 `bytes` hold a scalar that needs an escape. Continuation bytes (0x80 to 0xBF) never match
  /// the tests for a lead byte, so the bytes can be read one by one.
  private static func holdScalarsToEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x00...0x1F, 0x5C, 0x7F:
        return true
      case 0xC2:  // U+0080 to U+00BF; C2 80 to C2 9F are the C1 controls
        if index + 1 < bytes.count, bytes[index + 1] <= 0x9F { return true }
      case 0xE2:  // U+2000 to U+2FFF; E2 80 A8 to E2 80 AE are U+2028 to U+202E, E2 81 A6 to E2 81 A9 U+2066 to U+2069
        if index + 2 < bytes.count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
            return true
          }
        }
      default:
        break
      }
      index += 1
    }
    return false
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a control, a line or paragraph separator, or a bidirectional formatting character: one
  /// that `escapingControlCharacters` replaces by an escape (the backslash, escaped too, is not one of them).
  fileprivate var needsEscaping: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
