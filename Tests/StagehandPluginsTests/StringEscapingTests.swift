import StagehandPlugins
import StagehandTestSupport
import Testing

/// `escapingControlCharacters` makes text from plugins and file names safe to print on a terminal: controls, line
/// and paragraph separators and bidirectional formatting characters become visible escapes, the rest stays as it is.
@Suite("Escaping control characters for printing")
struct StringEscapingTests {
  /// An input and what it must print as.
  struct Example: CustomTestStringConvertible, Sendable {
    var input: String
    var expected: String
    var testDescription: String { "\(input.debugDescription) → \(expected.debugDescription)" }

    init(_ input: String, _ expected: String) {
      self.input = input
      self.expected = expected
    }
  }

  /// Text with nothing to escape, including near misses that share a UTF-8 lead byte with an escaped scalar.
  static let unchanged = [
    "", "push", "Pushes the new content in from the left.", "Jane Doe <jane@example.org>", "Apache-2.0 OR MIT",
    "Crème brûlée, Zürich, 東京, Ελληνικά, עברית, العربية", "emoji 🎬👍🏽 🇨🇭 👨‍👩‍👧",
    "e\u{301} (a combining accent)", "\u{A0}no-break space, © and ½ (lead byte C2)",
    "€ — … ‰ ‧ \u{202F} \u{2065} \u{206A} (lead byte E2)", "a long line of plain text, longer than a small string",
  ]

  /// Text with something to escape, and the escaped text.
  static let escaped = [
    Example("line\nbreak", #"line\nbreak"#),
    Example("carriage\rreturn", #"carriage\rreturn"#),
    Example("tab\there", #"tab\there"#),
    Example("\r\n (one Character, two scalars)", #"\r\n (one Character, two scalars)"#),
    Example("\u{1B}[31mred\u{1B}[0m", #"\e[31mred\e[0m"#),
    Example("\u{1B}]0;title\u{07}", #"\e]0;title\u{07}"#),
    Example(
      "nul\u{0} bell\u{7} backspace\u{8} vt\u{B} ff\u{C} us\u{1F}",
      #"nul\u{00} bell\u{07} backspace\u{08} vt\u{0B} ff\u{0C} us\u{1F}"#),
    Example("del\u{7F}", #"del\u{7F}"#),
    Example("C1: \u{80} \u{85} \u{9B}31m \u{9F}", #"C1: \u{80} \u{85} \u{9B}31m \u{9F}"#),
    Example("invoice\u{202E}fdp.exe", #"invoice\u{202E}fdp.exe"#),
    Example("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
    Example("\u{2066}isolated\u{2069} \u{2067}\u{2068}", #"\u{2066}isolated\u{2069} \u{2067}\u{2068}"#),
    Example("line\u{2028}separator\u{2029}paragraph", #"line\u{2028}separator\u{2029}paragraph"#),
    Example(#"C:\plugins\new"#, #"C:\\plugins\\new"#),
    Example("a literal \\n is not a newline", #"a literal \\n is not a newline"#),
    Example("Zürich\u{1B}[2J東京 🎬\u{202E}", #"Zürich\e[2J東京 🎬\u{202E}"#),
  ]

  @Test("printable text is left alone", arguments: unchanged)
  func leavesPrintableText(text: String) {
    #expect(text.escapingControlCharacters == text)
  }

  @Test("controls, separators, bidirectional formatting and backslashes are escaped", arguments: escaped)
  func escapes(example: Example) {
    let result = example.input.escapingControlCharacters
    #expect(result == example.expected)
    #expect(unescape(result) == example.input)
  }

  @Test("a string with nothing to escape is returned without being copied")
  func noCopy() {
    let text = String(repeating: "Pushes the new content in — ", count: 4)
    let address = text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    let result = text.escapingControlCharacters
    #expect(address != nil)
    #expect(result.utf8.withContiguousStorageIfAvailable { $0.baseAddress } == address)
  }

  @Test("random text: the result holds no scalar to escape, and unescapes to the input")
  func randomMixedText() {
    let seed = SeededGenerator.testSeed(0x5EED_E5CA_9E00)
    var random = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let input = randomText(using: &random)
      let result = input.escapingControlCharacters
      let bad = result.unicodeScalars.first(where: isEscaped)
      #expect(bad == nil, "seed \(seed): \(input.debugDescription) gave \(result.debugDescription)")
      #expect(unescape(result) == input, "seed \(seed): \(input.debugDescription) gave \(result.debugDescription)")
    }
  }

  @Test("random printable ASCII is unchanged, except that each backslash is doubled")
  func randomASCII() {
    let seed = SeededGenerator.testSeed(0xA5C1_1000)
    var random = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...80, using: &random)
      let input = String(
        decoding: (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }, as: UTF8.self)
      let expected = input.replacingBackslashes()
      #expect(input.escapingControlCharacters == expected, "seed \(seed): \(input.debugDescription)")
      if !input.contains("\\") {
        #expect(input.escapingControlCharacters == input, "seed \(seed): \(input.debugDescription)")
      }
    }
  }
}

/// Whether `escapingControlCharacters` must replace `scalar` (the backslash aside): C0, DEL, C1, U+2028 to U+202E,
/// U+2066 to U+2069. Written independently of the implementation.
private func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
    || (0x2066...0x2069).contains(scalar.value)
}

/// Random text mixing printable ASCII, backslashes, every escaped scalar, near misses, other scripts and emoji.
private func randomText(using random: inout SeededGenerator) -> String {
  let escaped =
    (0x00...0x1F).map { $0 } + (0x7F...0x9F).map { $0 } + (0x2028...0x202E).map { $0 }
    + (0x2066...0x2069).map { $0 }
  let nearMisses = [0xA0, 0xA9, 0xBF, 0xE9, 0x2027, 0x202F, 0x2026, 0x2065, 0x206A, 0x20AC, 0x200D, 0xFEFF]
  let others = [0x3042, 0x6771, 0x05D0, 0x0627, 0x1F3AC, 0x1F44D, 0x1F3FD, 0x1F1E8, 0x0301]
  var scalars = String.UnicodeScalarView()
  for _ in 0..<Int.random(in: 0...40, using: &random) {
    let value: Int
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4: value = Int.random(in: 0x20...0x7E, using: &random)
    case 4: value = 0x5C
    case 5..<7: value = escaped.randomElement(using: &random)!
    case 7: value = nearMisses.randomElement(using: &random)!
    case 8: value = others.randomElement(using: &random)!
    default: value = Int.random(in: 0xA0...0xD7FF, using: &random)
    }
    scalars.append(Unicode.Scalar(UInt32(value))!)
  }
  return String(scalars)
}

/// The text an escaped string stands for: the inverse of `escapingControlCharacters`, or `nil` for a malformed escape.
private func unescape(_ text: String) -> String? {
  var result = String.UnicodeScalarView()
  var scalars = text.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    guard scalar == "\\" else {
      result.append(scalar)
      continue
    }
    switch scalars.next() {
    case "n": result.append("\n")
    case "r": result.append("\r")
    case "t": result.append("\t")
    case "e": result.append("\u{1B}")
    case "\\": result.append("\\")
    case "u":
      guard scalars.next() == "{" else { return nil }
      var digits = ""
      while let digit = scalars.next(), digit != "}" { digits.unicodeScalars.append(digit) }
      guard digits.count >= 2, digits == digits.uppercased(), let value = UInt32(digits, radix: 16),
        let decoded = Unicode.Scalar(value), isEscaped(decoded)
      else { return nil }
      result.append(decoded)
    default: return nil
    }
  }
  return String(result)
}

extension String {
  /// The string with each backslash doubled.
  fileprivate func replacingBackslashes() -> String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == "\\" { result.append(scalar) }
      result.append(scalar)
    }
    return String(result)
  }
}
