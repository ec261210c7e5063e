import Foundation
import StagehandTestSupport
import Testing

/// A clean environment for the binary: no plugin path of the user's, a home with no plugins, a registry cache of the
/// test process's own; and the sanitizers' options of the test process, if any.
let cleanEnvironment = [
  "HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": BuiltProducts.cacheHome,
].merging(BuiltProducts.sanitizerOptions) { clean, _ in clean }

/// The directories `stagehand` searches for plugins in `cleanEnvironment`, as its "unknown style" message lists them.
let cleanSearchPath: String = {
  let binary = BuiltProducts.directory.resolvingSymlinksInPath().path
  let parent = String(binary[..<(binary.lastIndex(of: "/") ?? binary.startIndex)])
  return [
    "/nonexistent/.local/share/stagehand/plugins", "/usr/local/lib/stagehand/plugins", "/usr/lib/stagehand/plugins",
    binary, parent + "/lib/stagehand/plugins",
  ].joined(separator: ", ")
}()

/// End-to-end tests of the built `stagehand` binary: its output and exit codes.
@Suite("The stagehand command")
struct CommandLineTests {
  @Test("--version prints the version and exits 0")
  func version() throws {
    let result = try runStagehand(["--version"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("stagehand 0.1.0 (plugin ABI "))
  }

  @Test("--help names the command, its purpose and its subcommands")
  func help() throws {
    let result = try runStagehand(["--help"], environment: cleanEnvironment)
    #expect(result.status == 0)
    let out = result.standardOutput
    #expect(out.contains("OVERVIEW: A catalog of transition styles loaded from plugin libraries."))
    #expect(out.contains("USAGE: stagehand <subcommand>"))
    for subcommand in ["list", "info", "preview", "manifest"] {
      #expect(out.contains("  \(subcommand) "), "\(subcommand) is listed")
    }
    #expect(out.contains("Exit codes: 0 success (also when some libraries were refused"))
    #expect(out.contains("64 a usage error"))
  }

  @Test("an unknown option is refused with exit code 64")
  func unknownOption() throws {
    let result = try runStagehand(["--frobnicate"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("Unknown option '--frobnicate'"))
  }
}
