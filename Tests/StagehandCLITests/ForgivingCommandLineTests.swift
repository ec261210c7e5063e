import Foundation
import StagehandTestSupport
import Testing

/// The command line forgives what a new user types: numbers in every usual form, negative values read as values,
/// names in any case, suggestions by shared words, and one error format.
@Suite("A forgiving command line")
struct ForgivingCommandLineTests {
  @Test(
    "durations: digits with a '.' on either side, and the units s and ms",
    arguments: [
      (".5", "0.5 s"), ("5.", "5.0 s"), ("500ms", "0.5 s"), ("2s", "2.0 s"), ("0.25s", "0.25 s"), ("1", "1.0 s"),
    ])
  func durations(text: String, shown: String) throws {
    let result = try runStagehand(
      ["preview", "push", "--duration", text, "--samples", "1"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("duration \(shown)"), "\(result.standardOutput)")
  }

  @Test(
    "durations outside the grammar or the range are refused with the forms that are valid",
    arguments: ["1e1", "+1", "2 s", "500 ms", "s", "ms", ".", "1.2.3", "0x1", "601s", "600001ms", "2S", "-.5"])
  func refusedDurations(text: String) throws {
    let result = try runStagehand(["preview", "push", "--duration", text], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.contains(
        "--duration '\(text)' is not valid; give a number of seconds from 0 to 600, such as 0.5, .5, 2s or 500ms"),
      "\(result.standardError)")
  }

  @Test("--at takes the same numbers: .2, 200ms and 0.2s stop the page at 0.2 s", arguments: [".2", "200ms", "0.2s"])
  func atForms(text: String) throws {
    let result = try runStagehand(
      ["export", "cover", "--format", "html", "--at", text], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("animation-delay: -0.2s"))
  }

  @Test(
    "decimal parameters follow the same grammar: .5 and 5. are numbers, an exponent is not",
    arguments: [("camera-distance=4.", "camera-distance=4"), ("camera-distance=4.5", "camera-distance=4.5")])
  func decimalParameters(assignment: String, shown: String) throws {
    let result = try runStagehand(
      ["preview", "flip", "--param", assignment, "--samples", "1"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(shown))
  }

  @Test(
    "a decimal parameter written with an exponent, a '+' or two dots is refused", arguments: ["4.5e0", "+4", "4..5"])
  func refusedDecimalParameters(value: String) throws {
    let result = try runStagehand(
      ["preview", "flip", "--param", "camera-distance=\(value)"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("'\(value)' is not a decimal number"), "\(result.standardError)")
  }

  @Test("the help of --duration, --at and --param says how numbers are written")
  func numbersInHelp() throws {
    // The help is wrapped to the terminal's width: compare it with its runs of spaces and newlines as one space.
    func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    let preview = words(try runStagehand(["preview", "--help"], environment: cleanEnvironment).standardOutput)
    #expect(preview.contains("(2, 0.5, .5), or with a unit (2s, 500ms)"))
    #expect(preview.contains("no exponent"))
    let export = words(try runStagehand(["export", "--help"], environment: cleanEnvironment).standardOutput)
    #expect(export.contains("(2s, 500ms)"))
  }
}
