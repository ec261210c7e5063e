import StagehandAnimation
import StagehandCommandLine
import Testing

/// The value parsers of the command line, on their own (the CLI tests run them through `stagehand`, and
/// Fuzz/Harnesses/FuzzCommandLine checks their invariants on random input).
@Suite("Command-line values")
struct CommandLineValuesTests {
  @Test("durations: plain decimal numbers from 0 to 600", arguments: ["0", "0.5", "600", "600.0", "007", "1.25"])
  func validDuration(_ text: String) {
    #expect(CommandLineValues.duration(text) == Double(text))
  }

  @Test(
    "durations: a '.' needs a digit on one side only, and the units s and ms are read",
    arguments: [
      (".5", 0.5), ("1.", 1), ("2s", 2), ("0.5s", 0.5), (".5s", 0.5), ("500ms", 0.5), ("5.ms", 0.005), ("600s", 600),
      ("600000ms", 600), ("0ms", 0),
    ])
  func forgivingDuration(text: String, seconds: Double) {
    #expect(CommandLineValues.duration(text) == seconds)
  }

  @Test(
    "durations that are not plain decimals or exceed 600 are refused",
    arguments: [
      "", ".", "-1", "+1", "1e2", "0x10", "inf", "nan", "600.01", "1e300", "1.2.3", "١", "1 ", "s", "ms", ".s", "1 s",
      "1sec", "1S", "1MS", "1m", "1ss", "1mss", "-1s", "600001ms", "601s",
    ])
  func invalidDuration(_ text: String) {
    #expect(CommandLineValues.duration(text) == nil)
  }

  @Test("layout directions: ltr and rtl, exactly")
  func layoutDirection() {
    #expect(CommandLineValues.layoutDirection("ltr") == .leftToRight)
    #expect(CommandLineValues.layoutDirection("rtl") == .rightToLeft)
    for text in ["", "LTR", "rtl ", "left", "r"] { #expect(CommandLineValues.layoutDirection(text) == nil, "\(text)") }
  }

  @Test("display scales: plain decimal numbers from 0.25 to 16")
  func displayScale() {
    for (text, value) in [("0.25", 0.25), ("1", 1), ("2", 2), ("16", 16), ("3.5", 3.5)] {
      #expect(CommandLineValues.displayScale(text) == value)
    }
    for text in ["0", "0.2", "16.01", "-1", "nan", "inf", "1e1", ""] {
      #expect(CommandLineValues.displayScale(text) == nil, "\(text)")
    }
  }

  @Test("STAGEHAND_REDUCE_MOTION: 1 reduces motion, 0 and empty do not, anything else is refused")
  func reduceMotionVariable() {
    #expect(CommandLineValues.reducesMotion(environmentValue: "1") == true)
    #expect(CommandLineValues.reducesMotion(environmentValue: "0") == false)
    #expect(CommandLineValues.reducesMotion(environmentValue: "") == false)
    for text in ["yes", "true", "2", " 1", "01"] {
      #expect(CommandLineValues.reducesMotion(environmentValue: text) == nil, "\(text)")
    }
  }

  @Test("a number longer than the plain text of any finite double is refused, however it reads")
  func longDecimal() {
    let longest = CommandLineValues.longestDecimal
    #expect(CommandLineValues.duration(String(repeating: "0", count: longest) + "1") == nil)
    #expect(CommandLineValues.decimal(Substring(String(repeating: "0", count: longest - 1) + "1")) == 1)
  }

  @Test("sizes: WIDTHxHEIGHT, either case of x, each side from 1 to 8192")
  func validSize() {
    #expect(CommandLineValues.size("320x480") == Rect(x: 0, y: 0, width: 320, height: 480))
    #expect(CommandLineValues.size("8192X1.5") == Rect(x: 0, y: 0, width: 8192, height: 1.5))
  }

  @Test(
    "sizes with a side out of range or another shape are refused",
    arguments: ["x320xx480x", "320x", "x480", "320x480x2", "0x480", "320x8193", "1e-320x1e-320", "320*480", ""])
  func invalidSize(_ text: String) {
    #expect(CommandLineValues.size(text) == nil)
  }

  @Test("assignments: NAME=VALUE, the value may hold '=' or be empty")
  func assignments() throws {
    let values = try CommandLineValues.assignments(["direction=left", "expression=a=b", "empty="])
    #expect(values == ["direction": "left", "expression": "a=b", "empty": ""])
  }

  @Test("an assignment without '=' is malformed; a parameter given twice is refused with both values")
  func badAssignments() {
    #expect(throws: AssignmentProblem.malformed("direction")) {
      try CommandLineValues.assignments(["direction"])
    }
    #expect(throws: AssignmentProblem.repeated(name: "direction", first: "left", second: "right")) {
      try CommandLineValues.assignments(["direction=left", "direction=right"])
    }
    let message = AssignmentProblem.repeated(name: "d", first: "1", second: "2").description
    #expect(message == "--param 'd' is given twice ('1' and '2'); give each parameter once")
  }

  @Test("command lines beyond the bounds are refused before parsing: arguments, bytes, --param")
  func unboundedInput() {
    #expect(CommandLineValues.unboundedInput(["preview", "push", "--param", "direction=left"]) == nil)
    #expect(CommandLineValues.unboundedInput(Array(repeating: "a", count: 257)) != nil)
    #expect(CommandLineValues.unboundedInput([String(repeating: "a", count: 4097)]) != nil)
    #expect(CommandLineValues.unboundedInput(Array(repeating: "--param=a=b", count: 17)) != nil)
    #expect(CommandLineValues.unboundedInput(Array(repeating: "--param=a=b", count: 16)) == nil)
  }
}
