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
  func value(fromNumber number: Double) -> ParameterValue {
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

  /// The value a user typed: an enum label, an integer, a decimal number (`DecimalNumber`: no exponent,
  /// hexadecimal, infinity or NaN forms), `true` or `false`, within the range.
  public func parse(_ text: String) -> Result<ParameterValue, ParameterProblem> {
    func problem(_ why: String) -> Result<ParameterValue, ParameterProblem> {
      .failure(ParameterProblem(text: text, description: "'\(text)' \(why); give \(validValues)"))
    }
    switch type {
    case .enum:
      guard let index = labels.firstIndex(of: text) else { return problem("is not a label of '\(symbol)'") }
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
    case .double(let d): d.shortText
    case .bool(let b): String(b)
    }
  }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Double {
  /// The number without a trailing `.0` when it is integral.
  var shortText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
  }
}

/// The one grammar of decimal numbers a user types: durations, `--at`, display scales, sizes and the values of
/// decimal parameters. Digits with at most one '.', and at least one digit on either side of it (`2`, `0.5`, `.5`,
/// `5.`); a leading '-' only where negative values exist (`signed`); no '+', exponent, hexadecimal, infinity or NaN;
/// at most `longest` bytes.
public enum DecimalNumber {
  /// The longest decimal number, in bytes.
  public static let longest = 32

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
