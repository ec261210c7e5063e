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

  @Test("--at past the end of the animation is refused with its duration; at the end it is taken")
  func atPastTheEnd() throws {
    let past = try runStagehand(["export", "flip", "--format", "html", "--at", "5"], environment: cleanEnvironment)
    #expect(past.status == 64)
    #expect(past.standardOutput == "")
    #expect(
      past.standardError.contains(
        "--at '5' is past the end of 'flip', which lasts 0.6 s; give a time from 0 to 0.6"),
      "\(past.standardError)")
    let longer = try runStagehand(
      ["export", "flip", "--format", "html", "--duration", "2", "--at", "1.5"], environment: cleanEnvironment)
    #expect(longer.status == 0, "\(longer.standardError)")
    let end = try runStagehand(["export", "flip", "--format", "html", "--at", "600ms"], environment: cleanEnvironment)
    #expect(end.status == 0, "\(end.standardError)")
    #expect(end.standardOutput.contains("animation-delay: -0.6s"))
  }

  @Test(
    "a negative value is read as the value of its option and refused with what is valid, not as a missing value",
    arguments: [
      (["export", "cover", "--format", "html", "--at", "-1"], "--at '-1' is negative; give a time from 0 to the"),
      (["export", "cover", "--format", "html", "--at=-1"], "--at '-1' is negative; give a time from 0 to the"),
      (["export", "cover", "--format", "json", "--fps", "-1"], "--fps -1 is not valid; give 1 to 240"),
      (["preview", "push", "--fps", "-1"], "--fps -1 is not valid; give 1 to 120"),
      (["preview", "push", "--samples", "-3"], "--samples -3 is not valid; give 1 to 1000"),
      (["render", "push", "--fps", "-5", "-o", "x.webp"], "--fps -5 is not valid; give 1 to 240"),
      (["render", "push", "--threads", "-2", "-o", "x.webp"], "--threads -2 is not valid; give 1 to 256"),
      (["gallery", "-o", "/nonexistent/g", "--fps", "-1"], "--fps -1 is not valid; give 1 to 60"),
      (["gallery", "-o", "/nonexistent/g", "--threads", "-1"], "--threads -1 is not valid; give 1 to 256"),
      (["demo", "--fps", "-1"], "--fps -1 is not valid; give 1 to 120"),
      (["list", "--scan-timeout", "-1"], "--scan-timeout '-1' is not valid; give a number of seconds"),
      (["list", "--build-timeout", "-2"], "--build-timeout '-2' is not valid; give a number of seconds"),
      (["check", "/nonexistent.so", "--timeout", "-1"], "--timeout '-1' is not valid; give a number of seconds"),
    ])
  func negativeValues(arguments: [String], message: String) throws {
    let result = try runStagehand(arguments, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!result.standardError.contains("Missing value"))
  }

  @Test(
    "style, preset and label names match in any case; the name shown is the catalog's",
    arguments: [
      (["preview", "FLIP", "--param", "axis=Horizontal"], "flip (style, plugin org.stagehand.flip): axis=horizontal"),
      (["preview", "Push-From-LEFT"], "push-from-left (preset of push, plugin org.stagehand.push): direction=left"),
      (["preview", "ORG.STAGEHAND.FLIP:Flip"], "flip (style, plugin org.stagehand.flip): axis=vertical"),
      (["preview", "push", "--param", "DIRECTION=left"], nil),
    ])
  func anyCase(arguments: [String], header: String?) throws {
    let result = try runStagehand(arguments + ["--samples", "1"], environment: cleanEnvironment)
    if let header {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.hasPrefix(header), "\(result.standardOutput)")
    } else {
      // Parameter names are not folded: only names of styles, presets and labels are.
      #expect(result.status == 64)
      #expect(result.standardError.contains("has no parameter 'DIRECTION'"))
    }
  }

  @Test("did you mean: names that share most of their words are suggested, the closest family first")
  func suggestionsByWords() throws {
    let result = try runStagehand(["preview", "door-open-from-left"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(
      result.standardError.contains("unknown style 'door-open-from-left'; did you mean 'door' or 'door-hinged-left'"),
      "\(result.standardError)")
    let folded = try runStagehand(["preview", "DOOR-HINGED-LFT"], environment: cleanEnvironment)
    #expect(folded.standardError.contains("'door-hinged-left'"), "\(folded.standardError)")
  }

  @Test("did you mean: an unknown label suggests the close labels of its parameter")
  func labelSuggestions() throws {
    let result = try runStagehand(["preview", "flip", "--param", "axis=horizonal"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(
      result.standardError.contains(
        "'horizonal' is not a label of 'axis'; give one of vertical, horizontal (did you mean 'horizontal'?)"),
      "\(result.standardError)")
  }

  @Test(
    "errors in the options and arguments: 'stagehand: error: ...', the help of the command, exit code 64",
    arguments: [
      (["--frobnicate"], "Unknown option '--frobnicate'", "stagehand"),
      (["preview"], "Missing expected argument '<style>'", "stagehand preview"),
      (["preview", "push", "--fps", "0"], "--fps 0 is not valid; give 1 to 120", "stagehand preview"),
      (
        ["list", "--scan-timeout", "x"], "--scan-timeout 'x' is not valid; give a number of seconds from 0.1 to 3600",
        "stagehand list"
      ),
      (
        ["export", "push", "--format", "xml"], "--format 'xml' is not valid; give one of css, html, json",
        "stagehand export"
      ),
      (
        ["export", "flip", "--format", "html", "--at", "1"],
        "--at '1' is past the end of 'flip', which lasts 0.6 s; give a time from 0 to 0.6", "stagehand export"
      ),
    ])
  func usageErrors(arguments: [String], message: String, command: String) throws {
    try expectUsageError(arguments, message, command)
  }

  @Test("a failure at run time: 'stagehand: error: ...' alone, exit code 1")
  func failures() throws {
    // /dev/null is not a directory: nothing can be written under it.
    let result = try runStagehand(["export", "push", "-o", "/dev/null/out.css"], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("stagehand: error: "), "\(result.standardError)")
    #expect(!result.standardError.contains("--help"))
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  @Test("an unknown style: 'stagehand: error: ...' with its own pointer to 'stagehand list', exit code 64")
  func unknownStyle() throws {
    let result = try runStagehand(["info", "pusj"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(
      result.standardError
        == "stagehand: error: unknown style 'pusj'; did you mean 'push'? Run 'stagehand list' to see all. Plugins were "
        + "looked for in \(cleanSearchPath)\n")
  }

  @Test("the help states the error format and the exit codes")
  func errorFormatInHelp() throws {
    let help = try runStagehand(["--help"], environment: cleanEnvironment).standardOutput
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("64 a usage error"))
    #expect(words.contains("An error is printed on standard error as 'stagehand: error: ...'"))
    #expect(words.contains("'Run 'stagehand preview --help' for usage.'"))
  }
}

/// Runs `stagehand ARGUMENTS` and expects a usage error: exit code 64, nothing on standard output, and on standard
/// error `message` followed by where the help of `command` is.
func expectUsageError(
  _ arguments: [String], _ message: String, _ command: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let result = try runStagehand(arguments, environment: cleanEnvironment)
  #expect(result.status == 64, sourceLocation: sourceLocation)
  #expect(result.standardOutput == "", sourceLocation: sourceLocation)
  #expect(
    result.standardError == "stagehand: error: \(message)\nRun '\(command) --help' for usage.\n",
    sourceLocation: sourceLocation)
}
