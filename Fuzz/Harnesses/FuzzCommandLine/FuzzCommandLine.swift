import FuzzSupport
import StagehandAnimation
import StagehandCatalog
import StagehandCommandLine
import StagehandPlugins

// The values of the command line. The input is a command line, its arguments separated by NUL bytes, as the kernel
// hands them over. Each argument is read as a duration, a size, a scan time limit and a value of every parameter
// type, and all of them as --param assignments; whatever is accepted must lie within its bounds and be what its
// grammar describes, and whatever is refused must be refused for a reason that holds.

/// libFuzzer's entry: reads the input as NUL-separated arguments and checks every value parser on them; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  checkBounds(arguments)
  for argument in arguments {
    checkDuration(argument)
    checkSize(argument)
    checkScanTimeout(argument)
    // As a value by itself, and as the value of an assignment NAME=VALUE.
    let value = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
    for parameter in parameters {
      checkValue(argument, of: parameter)
      if let value { checkValue(value, of: parameter) }
    }
  }
  checkAssignments(arguments)
  return 0
}

/// Whether `text` is digits with at most one '.', and a digit on at least one side of it.
func isPlainDecimal(_ text: Substring) -> Bool {
  let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
  return parts.count <= 2 && parts.contains { !$0.isEmpty }
    && parts.allSatisfy { $0.utf8.allSatisfy { (48...57).contains($0) } }
}

/// The number a plain decimal writes, with a digit added where a '.' has none on one side (`.5`, `5.`).
func plainDecimalValue(_ text: Substring) -> Double? {
  Double((text.hasPrefix(".") ? "0" : "") + text + (text.hasSuffix(".") ? "0" : ""))
}

func checkBounds(_ arguments: [String]) {
  let parameterCount = arguments.filter { $0 == "--param" || $0.hasPrefix("--param=") }.count
  let fits =
    arguments.count <= CommandLineValues.maximumArguments
    && arguments.allSatisfy { $0.utf8.count <= CommandLineValues.longestArgument }
    && parameterCount <= CommandLineValues.maximumParameters
  check((CommandLineValues.unboundedInput(arguments) == nil) == fits, "the bounds of \(arguments.count) arguments")
}

func checkDuration(_ text: String) {
  // A plain decimal, alone or followed by the unit s or ms.
  let (number, scale): (Substring, Double) =
    text.hasSuffix("ms") ? (text.dropLast(2), 1000) : text.hasSuffix("s") ? (text.dropLast(), 1) : (Substring(text), 1)
  let grammar = isPlainDecimal(number) && number.utf8.count <= CommandLineValues.longestDecimal
  guard let seconds = CommandLineValues.duration(text) else {
    if grammar, let value = plainDecimalValue(number) {
      check(value / scale > CommandLineValues.longestDuration, "duration '\(text)' refused")
    }
    return
  }
  check(grammar, "duration '\(text)' accepted against the grammar")
  check(seconds.isFinite && seconds >= 0 && seconds <= CommandLineValues.longestDuration, "duration \(seconds)")
  check(seconds == plainDecimalValue(number).map { $0 / scale }, "duration '\(text)' read as \(seconds)")
}

func checkSize(_ text: String) {
  guard let rect = CommandLineValues.size(text) else { return }
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  check(parts.count == 2 && parts.allSatisfy(isPlainDecimal), "size '\(text)' accepted against the grammar")
  let sides = [rect.size.width, rect.size.height]
  check(sides.allSatisfy { $0 >= 1 && $0 <= CommandLineValues.largestSide }, "size '\(text)' read as \(sides)")
  check(rect.origin.x == 0 && rect.origin.y == 0, "size '\(text)' has an origin")
}

func checkScanTimeout(_ text: String) {
  guard let seconds = ScanTimeout.parse(text) else { return }
  check(seconds.isFinite && seconds >= 0.1 && seconds <= 3600, "scan timeout '\(text)' read as \(seconds)")
}

/// One parameter of each type, with ranges a plugin might declare.
let parameters = [
  ParameterInfo(
    symbol: "direction", type: .enum, minimum: 0, maximum: 3, defaultValue: 0,
    labels: ["left", "right", "top", "bottom"], description: ""),
  ParameterInfo(symbol: "count", type: .int, minimum: -5, maximum: 2_147_483_647, defaultValue: 0, description: ""),
  ParameterInfo(symbol: "amount", type: .double, minimum: -1e300, maximum: 2.5, defaultValue: 0, description: ""),
  ParameterInfo(symbol: "fade", type: .bool, minimum: 0, maximum: 1, defaultValue: 1, description: ""),
]

/// An accepted value is of the parameter's type, within its range, and the text the host shows for it reads back as
/// the same value.
func checkValue(_ text: String, of parameter: ParameterInfo) {
  guard case .success(let value) = parameter.parse(text) else { return }
  check(value.number >= parameter.minimum && value.number <= parameter.maximum, "'\(text)' out of range")
  switch (parameter.type, value) {
  case (.enum, .label), (.int, .int), (.double, .double), (.bool, .bool): break
  default: fail("'\(text)' read as \(value) for a \(parameter.type) parameter")
  }
  let shown = parameter.text(for: value)
  check((try? parameter.parse(shown).get()) == value, "'\(text)' is shown as '\(shown)', which reads differently")
}

func checkAssignments(_ arguments: [String]) {
  do throws(AssignmentProblem) {
    let values = try CommandLineValues.assignments(arguments)
    check(values.count == arguments.count, "\(arguments.count) assignments give \(values.count) values")
    for argument in arguments {
      let name = argument.prefix { $0 != "=" }
      check(values[String(name)].map { "\(name)=\($0)" } == argument, "assignment '\(argument)' read wrongly")
    }
  } catch {
    switch error {
    case .malformed(let text):
      check(arguments.contains(text) && !text.contains("="), "assignment '\(text)' refused as malformed")
    case .repeated(let name, _, _):
      let count = arguments.filter { $0.prefix { $0 != "=" } == name }.count
      check(count >= 2, "parameter '\(name)' refused as repeated")
    }
  }
}
