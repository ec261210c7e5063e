import Foundation
import StagehandTestSupport
import Testing

/// The typed values of the command line (`OptionValue`): a text that writes no value is refused by the command's own
/// validation with the option's message, never with the argument parser's "The value '...' is invalid", and values
/// are refused in the order the command checks them, not the order they were typed.
@Suite("Typed option values")
struct TypedOptionsTests {
  @Test(
    "a value that is not one is refused with its option's message, exit code 64",
    arguments: [
      (
        ["render", "push", "-o", "x.webp", "--background", "zz"],
        "--background 'zz' is not valid; give RRGGBB in hexadecimal, such as 18181c", "stagehand render"
      ),
      (
        ["render", "push", "-o", "x.webp", "--background", "#12345"],
        "--background '#12345' is not valid; give RRGGBB in hexadecimal, such as 18181c", "stagehand render"
      ),
      (
        ["render", "push", "-o", "x.webp", "--format", "bmp"],
        "--format 'bmp' is not valid; give one of png, webp, y4m, rgba", "stagehand render"
      ),
      (
        ["preview", "push", "--layout-direction", "up"], "--layout-direction 'up' is not valid; give ltr or rtl",
        "stagehand preview"
      ),
      (
        ["gallery", "-o", "/nonexistent/g", "--size", "5x5"],
        "--size '5x5' is not valid; give WIDTHxHEIGHT, each from 16 to 1024, such as 160x120", "stagehand gallery"
      ),
      (
        ["new-plugin", "org.example.slide", "--language", "rust"], "--language 'rust' is not one of c, swift",
        "stagehand new-plugin"
      ),
    ])
  func refused(arguments: [String], message: String, command: String) throws {
    try expectUsageError(arguments, message, command)
  }

  @Test("two bad values: the first the command checks is named (parameters, timing, duration, size), in any order")
  func orderOfChecks() throws {
    let result = try runStagehand(
      ["preview", "push", "--size", "0x0", "--duration", "x", "--timing", "fast", "--param", "direction"],
      environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("'direction' is not a parameter assignment"), "\(result.standardError)")
    let later = try runStagehand(
      ["preview", "push", "--size", "0x0", "--duration", "x"], environment: cleanEnvironment)
    #expect(later.status == 64)
    #expect(later.standardError.hasPrefix("stagehand: error: --duration 'x' is not valid"), "\(later.standardError)")
  }

  @Test("a format's name is read in any case, a colour with or without '#'")
  func acceptedForms() throws {
    let css = try runStagehand(["export", "push", "--format", "CSS"], environment: cleanEnvironment)
    #expect(css.status == 0, "\(css.standardError)")
    #expect(css.standardOutput.contains("@keyframes"))
    let frames = try runStagehand(
      [
        "render", "push", "-o", "-", "--format", "Y4M", "--size", "16x16", "--fps", "2", "--background", "#ff0000",
      ], environment: cleanEnvironment)
    #expect(frames.status == 0, "\(frames.standardError)")
    #expect(frames.standardOutput.hasPrefix("YUV4MPEG2 W16 H16"), "\(frames.standardOutput.prefix(40))")
  }
}
