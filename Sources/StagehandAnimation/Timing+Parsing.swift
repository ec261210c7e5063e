/// Why a timing was refused: the text could not be read, or its numbers make no curve.
public enum TimingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is no timing: not a name, nor `cubic-bezier(...)`, nor `spring(...)`.
  case unknown(String)
  /// A function was given the wrong number of arguments.
  case argumentCount(timing: String, function: String, expected: Int, given: Int)
  /// An argument is not a finite decimal number.
  case notANumber(timing: String, argument: String)
  /// A number is outside its range.
  case outOfRange(timing: String, what: String, rule: String)
  /// The numbers make no usable curve (the reason comes from the curve).
  case unusable(timing: String, reason: String)

  /// What was wrong and what to write instead.
  public var description: String {
    let forms =
      "linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) or "
      + "spring(response, damping-ratio)"
    switch self {
    case .unknown(let text):
      return "timing '\(text)' is not known; give \(forms)"
    case .argumentCount(let timing, let function, let expected, let given):
      let list = function == "cubic-bezier" ? "x1, y1, x2, y2" : "response, damping-ratio"
      return "timing '\(timing)' gives \(given) number\(given == 1 ? "" : "s") to \(function), which takes "
        + "\(expected): \(function)(\(list))"
    case .notANumber(let timing, let argument):
      return "timing '\(timing)': '\(argument)' is not a number; write decimal numbers such as 0.25, .5 or -0.6"
    case .outOfRange(let timing, let what, let rule):
      return "timing '\(timing)': \(what) is out of range; give \(rule)"
    case .unusable(let timing, let reason):
      return "timing '\(timing)' makes no usable curve: \(reason)"
    }
  }
}

extension Timing {
  /// Reads a timing as written: a name (`linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, in any case),
  /// `cubic-bezier(x1, y1, x2, y2)` (x1 and x2 in [0, 1]) or `spring(response, damping-ratio)` (both above 0), with
  /// spaces anywhere between the parts. The numbers are checked: the timing returned makes a curve.
  public init(parsing text: String) throws(TimingError) {
    let trimmed = String(text.filter { !$0.isWhitespace }).lowercased()
    switch trimmed {
    case "linear": self = .linear
    case "ease": self = .ease
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInOut
    default:
      guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { throw .unknown(text) }
      let function = String(trimmed[..<open])
      let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      let arguments =
        inside.isEmpty ? [] : inside.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let expected: Int
      switch function {
      case "cubic-bezier": expected = 4
      case "spring": expected = 2
      default: throw .unknown(text)
      }
      guard arguments.count == expected else {
        throw .argumentCount(timing: text, function: function, expected: expected, given: arguments.count)
      }
      var numbers: [Double] = []
      for argument in arguments {
        guard let number = Self.number(argument) else { throw .notANumber(timing: text, argument: argument) }
        numbers.append(number)
      }
      if function == "spring" {
        self = .spring(response: numbers[0], dampingRatio: numbers[1])
      } else {
        for (name, value) in [("x1", numbers[0]), ("x2", numbers[2])] where !(0...1).contains(value) {
          throw .outOfRange(timing: text, what: "\(name) (\(value))", rule: "an x from 0 to 1, such as 0.25")
        }
        self = .cubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
      }
    }
    do {
      _ = try curve()
    } catch {
      // The message names the text as written.
      switch error {
      case .outOfRange(_, let what, let rule): throw .outOfRange(timing: text, what: what, rule: rule)
      case .unusable(_, let reason): throw .unusable(timing: text, reason: reason)
      default: throw error
      }
    }
  }

  /// A plain decimal number: an optional sign, digits with at most one '.', and at least one digit; no exponent.
  private static func number(_ text: String) -> Double? {
    var digits = text
    var sign = ""
    if digits.hasPrefix("-") {
      sign = "-"
      digits.removeFirst()
    } else if digits.hasPrefix("+") {
      digits.removeFirst()
    }
    guard digits.contains(where: { ("0"..."9").contains($0) }),
      digits.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }), digits.filter({ $0 == "." }).count <= 1
    else { return nil }
    if digits.hasPrefix(".") { digits = "0" + digits }
    if digits.hasSuffix(".") { digits += "0" }
    return Double(sign + digits)
  }
}
