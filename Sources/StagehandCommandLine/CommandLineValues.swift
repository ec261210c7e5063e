import StagehandAnimation
import StagehandPlugins

/// The values the `stagehand` command reads from its arguments, parsed apart from the argument parser so that tests
/// and the fuzzing harnesses reach them: durations, container sizes, parameter assignments, and the bounds of the
/// command line as a whole.
public enum CommandLineValues {
  /// The longest duration a user may ask for, in seconds: longer is a typo, not a transition.
  public static let longestDuration = 600.0
  /// The largest side of a container, in points.
  public static let largestSide = 8192.0
  /// The most `--param` a command line may hold: a style has at most 16 parameters (stagehand_plugin.h).
  public static let maximumParameters = 16
  /// The longest argument, in bytes: a path (PATH_MAX); names are far shorter.
  public static let longestArgument = 4096
  /// The most arguments in all.
  public static let maximumArguments = 256
  /// The longest plain decimal number, in bytes.
  public static let longestDecimal = DecimalNumber.longest

  /// A plain decimal number, unsigned, in the one grammar of `DecimalNumber`: digits with at most one '.' and a digit
  /// on at least one side of it (`2`, `0.5`, `.5`, `5.`); no sign, exponent, hexadecimal or infinity; at most
  /// `longestDecimal` bytes.
  public static func decimal(_ text: Substring) -> Double? { DecimalNumber.parse(text) }

  /// A plain decimal number, as `decimal(_:)` on a substring reads it.
  public static func decimal(_ text: String) -> Double? { decimal(Substring(text)) }

  /// A number of seconds: a plain decimal number, alone or followed by the unit `s` (`2s`) or `ms` (`500ms`, a
  /// thousandth of a second). Any finite value; the callers check the range.
  public static func seconds(_ text: String) -> Double? {
    if text.hasSuffix("ms") { return decimal(text.dropLast(2)).map { $0 / 1000 } }
    if text.hasSuffix("s") { return decimal(text.dropLast()) }
    return decimal(Substring(text))
  }

  /// How durations and times are written, in words, for help and error messages.
  public static let secondsRule =
    "seconds written with digits and at most one '.' (2, 0.5, .5), or with a unit (2s, 500ms)"

  /// A duration in seconds: `seconds(_:)` from 0 to `longestDuration`.
  public static func duration(_ text: String) -> Double? {
    seconds(text).flatMap { $0 <= longestDuration ? $0 : nil }
  }

  /// The container bounds of a size written `WIDTHxHEIGHT` (or with 'X'): two plain decimal numbers from 1 to
  /// `largestSide`.
  public static func size(_ text: String) -> Rect? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map(decimal)
    guard parts.count == 2, let width = parts[0], let height = parts[1],
      [width, height].allSatisfy({ $0 >= 1 && $0 <= largestSide })
    else { return nil }
    return Rect(x: 0, y: 0, width: width, height: height)
  }

  /// The smallest and largest display scale a user may ask for, in pixels per point.
  public static let displayScales = 0.25...16.0

  /// A layout direction: `ltr` or `rtl`.
  public static func layoutDirection(_ text: String) -> LayoutDirection? { LayoutDirection(rawValue: text) }

  /// A display scale: a plain decimal number within `displayScales`.
  public static func displayScale(_ text: String) -> Double? {
    decimal(Substring(text)).flatMap { displayScales.contains($0) ? $0 : nil }
  }

  /// Whether the value of `STAGEHAND_REDUCE_MOTION` asks for reduced motion: `1` does, `0` and the empty string do
  /// not, anything else is nil (an error the command reports).
  public static func reducesMotion(environmentValue text: String) -> Bool? {
    switch text {
    case "1": true
    case "0", "": false
    default: nil
    }
  }

  /// The parameter values of `--param NAME=VALUE` assignments, by name; each name may be given once.
  public static func assignments(_ arguments: [String]) throws(AssignmentProblem) -> [String: String] {
    var pairs: [(name: String, value: String)] = []
    for text in arguments {
      guard let pair = assignment(text) else { throw .malformed(text) }
      pairs.append(pair)
    }
    return try assignments(pairs)
  }

  /// The name and value of one `--param NAME=VALUE` assignment (split at its first '='), or nil without '='.
  public static func assignment(_ text: String) -> (name: String, value: String)? {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  /// Assignments already split into names and values, by name; each name may be given once.
  public static func assignments(_ pairs: [(name: String, value: String)]) throws(AssignmentProblem) -> [String: String]
  {
    var values: [String: String] = [:]
    for (name, value) in pairs {
      if let earlier = values[name] { throw .repeated(name: name, first: earlier, second: value) }
      values[name] = value
    }
    return values
  }

  /// Why the command line is too large to be meant, checked before the parser sees it (it took 23 s to parse 3,000
  /// `--param`), or nil.
  public static func unboundedInput(_ arguments: [String]) -> String? {
    guard arguments.count <= maximumArguments else {
      return "\(arguments.count) arguments are more than any command takes (at most \(maximumArguments))"
    }
    if let long = arguments.first(where: { $0.utf8.count > longestArgument }) {
      return "an argument of \(long.utf8.count) bytes is longer than any name, value or path (at most "
        + "\(longestArgument) bytes)"
    }
    let parameters = arguments.filter { $0 == "--param" || $0.hasPrefix("--param=") }.count
    guard parameters <= maximumParameters else {
      return "--param is given \(parameters) times, but a style has at most \(maximumParameters) parameters"
    }
    return nil
  }
}

/// Why `--param` assignments cannot be used; the message says what is valid.
public enum AssignmentProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The argument has no '='.
  case malformed(String)
  /// A parameter is given twice.
  case repeated(name: String, first: String, second: String)

  /// The message.
  public var description: String {
    switch self {
    case .malformed(let text): "'\(text)' is not a parameter assignment; write NAME=VALUE, e.g. direction=left"
    case .repeated(let name, let first, let second):
      "--param '\(name)' is given twice ('\(first)' and '\(second)'); give each parameter once"
    }
  }
}
