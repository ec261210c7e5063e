/// The value of one parameter, of the parameter's type.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
  /// The index of an enum's label.
  case label(Int32)
  /// An integer.
  case int(Int32)
  /// A decimal number.
  case double(Double)
  /// A boolean.
  case bool(Bool)

  /// The value as a number, the way descriptors store ranges and defaults.
  public var number: Double {
    switch self {
    case .label(let i), .int(let i): Double(i)
    case .double(let d): d
    case .bool(let b): b ? 1 : 0
    }
  }

  /// The value written plainly (a label index as a number).
  public var description: String {
    switch self {
    case .label(let i), .int(let i): String(i)
    case .double(let d): String(d)
    case .bool(let b): String(b)
    }
  }
}

/// Why a text could not be taken as a parameter's value; the message lists what is valid.
public struct ParameterProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was given.
  public var text: String
  /// What is wrong with it and what would be valid.
  public var description: String
}

extension ParameterInfo {
  /// The default value, typed.
  public var defaultParameterValue: ParameterValue { value(fromNumber: defaultValue) }

  /// The typed value of a number within this parameter's range.
  public func value(fromNumber number: Double) -> ParameterValue {
    switch type {
    case .enum: .label(Int32(number))
    case .int: .int(Int32(number))
    case .double: .double(number)
    case .bool: .bool(number != 0)
    }
  }

  /// The valid values, in words: the labels of an enum, `true` or `false`, or a range.
  public var validValues: String {
    switch type {
    case .enum: "one of " + labels.joined(separator: ", ")
    case .bool: "true or false"
    case .int: "an integer from \(Int(minimum)) to \(Int(maximum))"
    case .double: "a number from \(minimum.shortText) to \(maximum.shortText)" + (unit.map { " (\($0))" } ?? "")
    }
  }

  /// The value a user typed: an enum label (in any case when `ignoringCase`), an integer, a decimal number (`DecimalNumber`: no exponent,
  /// hexadecimal, infinity or NaN forms), `true` or `false`, within the range.
  public func parse(_ text: String, ignoringCase: Bool = false) -> Result<ParameterValue, ParameterProblem> {
    func problem(_ why: String, hint: String = "") -> Result<ParameterValue, ParameterProblem> {
      .failure(ParameterProblem(text: text, description: "'\(text)' \(why); give \(validValues)\(hint)"))
    }
    switch type {
    case .enum:
      let index = labels.firstIndex(of: text) ?? (ignoringCase ? labels.firstIndex(of: text.lowercased()) : nil)
      guard let index else {
        let close = Names.suggestions(for: text.lowercased(), among: labels)
        let hint = close.isEmpty ? "" : " (did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?)"
        return problem("is not a label of '\(symbol)'", hint: hint)
      }
      return .success(.label(Int32(index)))
    case .bool:
      switch text {
      case "true": return .success(.bool(true))
      case "false": return .success(.bool(false))
      default: return problem("is not a boolean")
      }
    case .int:
      let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int32(text) else {
        return problem("is not an integer")
      }
      guard Double(value) >= minimum, Double(value) <= maximum else { return problem("is out of range") }
      return .success(.int(value))
    case .double:
      guard let value = DecimalNumber.parse(Substring(text), signed: true) else {
        return problem("is not a decimal number (\(DecimalNumber.rule))")
      }
      guard value >= minimum, value <= maximum else { return problem("is out of range") }
      return .success(.double(value))
    }
  }

  /// The value as a user would type it: the label of an enum, `true`/`false`, or the number.
  public func text(for value: ParameterValue) -> String {
    switch value {
    case .label(let i): labels.indices.contains(Int(i)) ? labels[Int(i)] : String(i)
    case .int(let i): String(i)
    case .double(let d): d.plainText
    case .bool(let b): String(b)
    }
  }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Double {
  /// The number as a user types it: a plain decimal in the grammar of `DecimalNumber` (no exponent, no trailing
  /// `.0`), with the fewest significant digits that read back as the same value. Not finite: Swift's description.
  public var plainText: String {
    guard isFinite else { return description }
    guard self != 0 else { return "0" }
    // Swift's description holds the shortest digits that read back: "-2.1474836477483648e+18", "1e-07", "0.5".
    var text = Substring(abs(self).description)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      text = text[..<e]
    }
    let point = text.firstIndex(of: ".") ?? text.endIndex
    var digits = Array(text[..<point].utf8) + Array(text[point...].utf8.dropFirst())
    var pointAt = text.utf8.distance(from: text.startIndex, to: point) + exponent
    while digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      pointAt -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    let zero = UInt8(ascii: "0")
    var plain: [UInt8]
    if pointAt <= 0 {
      plain = Array("0.".utf8) + Array(repeating: zero, count: -pointAt) + digits
    } else if pointAt >= digits.count {
      plain = digits + Array(repeating: zero, count: pointAt - digits.count)
    } else {
      plain = Array(digits[..<pointAt]) + [UInt8(ascii: ".")] + Array(digits[pointAt...])
    }
    if self < 0 { plain.insert(UInt8(ascii: "-"), at: 0) }
    return String(decoding: plain, as: UTF8.self)
  }

  /// The number for a message: `plainText` when it is short, else Swift's description (`1e+300`).
  var shortText: String {
    let plain = plainText
    return plain.utf8.count <= 24 ? plain : description
  }
}

/// The one grammar of decimal numbers a user types: durations, `--at`, display scales, sizes and the values of
/// decimal parameters. Digits with at most one '.', and at least one digit on either side of it (`2`, `0.5`, `.5`,
/// `5.`); a leading '-' only where negative values exist (`signed`); no '+', exponent, hexadecimal, infinity or NaN;
/// at most `longest` bytes.
public enum DecimalNumber {
  /// The longest decimal number, in bytes: enough for the plain decimal of every finite `Double`
  /// (`Double.plainText`), so that every value the host shows reads back.
  public static let longest = 340

  /// The grammar, in words, for error messages.
  public static let rule = "write digits with at most one '.', such as 0.5, .5 or 2; no exponent"

  /// The number `text` writes, or nil when it does not follow the grammar.
  public static func parse(_ text: Substring, signed: Bool = false) -> Double? {
    guard text.utf8.count <= longest else { return nil }
    var unsigned = text
    if signed, unsigned.first == "-" { unsigned = unsigned.dropFirst() }
    let parts = unsigned.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
      parts.allSatisfy({ $0.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let whole = parts[0].isEmpty ? "0" : String(Substring(parts[0]))
    let fraction = parts.count == 2 && !parts[1].isEmpty ? String(Substring(parts[1])) : "0"
    guard let magnitude = Double(whole + "." + fraction), magnitude.isFinite else { return nil }
    return unsigned.count == text.count ? magnitude : -magnitude
  }
}

extension Names {
  /// Known names close to `name`, at most `limit`, closest first: those that contain it or that it contains, or
  /// within two edits, in the order of `names`; then those that share at least half of the '-'-separated words of
  /// the longer of the two (`door-open-from-left` and `door-hinged-left`), those that share the first word first,
  /// then those that share more words, then those with fewer other words.
  public static func suggestions(for name: String, among names: [String], limit: Int = 3) -> [String] {
    guard name.utf8.count <= 64 else { return [] }
    var seen: Set<String> = []
    let names = names.filter { seen.insert($0).inserted }
    let close = names.filter { candidate in
      candidate.contains(name) || name.contains(candidate) || editDistance(candidate, name) <= 2
    }
    guard close.count < limit else { return Array(close.prefix(limit)) }
    let words = name.split(separator: "-")
    let wordSet = Set(words)
    var byWords: [(name: String, first: Bool, shared: Int, others: Int, order: Int)] = []
    for (order, candidate) in names.enumerated() where !close.contains(candidate) {
      let candidateWords = candidate.split(separator: "-")
      let shared = wordSet.intersection(candidateWords).count
      guard shared > 0, 2 * shared >= max(words.count, candidateWords.count) else { continue }
      let first = candidateWords.first == words.first
      byWords.append((candidate, first, shared, wordSet.union(candidateWords).count - shared, order))
    }
    byWords.sort { a, b in
      if a.first != b.first { return a.first }
      if a.shared != b.shared { return a.shared > b.shared }
      if a.others != b.others { return a.others < b.others }
      return a.order < b.order
    }
    return Array((close + byWords.map(\.name)).prefix(limit))
  }

  /// The number of single-byte insertions, deletions and substitutions that turn `a` into `b`.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
