import StagehandTestSupport
import Testing

/// End-to-end tests of the built `stagehand` binary.
@Suite("The stagehand command")
struct CommandLineTests {
  @Test("--version prints the version and exits 0")
  func version() throws {
    let result = try runStagehand(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "0.1.0\n")
  }

  @Test("--help names the command and its purpose")
  func help() throws {
    let result = try runStagehand(["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("A catalog of transition styles loaded from plugin libraries."))
    #expect(result.standardOutput.contains("USAGE: stagehand"))
  }

  @Test("an unknown option is refused with exit code 64")
  func unknownOption() throws {
    let result = try runStagehand(["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("Unknown option '--frobnicate'"))
  }
}
