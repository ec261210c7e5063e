import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// An application's registry speaks of the library's API, never of the `stagehand` command, and says plainly what it
/// found: no library at all, libraries not scanned (never called refused), an unknown style.
@Suite("Messages for an application")
struct LibraryMessagesTests {
  @Test("an empty search path: problems say that no library was found, and where the registry looked")
  func noLibraryFound() throws {
    let directory = try CFixture.temporaryDirectory("no-library")
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: BuiltProducts.scanner.path))
    #expect(
      registry.problems == [
        "no plugin library was found; searched \(directory.path); put plugin libraries in one of them (a package's "
          + "bundled plugin products are built next to the program), or add a directory with STAGEHAND_PLUGIN_PATH "
          + "or PluginSearchPath"
      ])
    #expect {
      try registry.resolve("push")
    } throws: { error in
      "\(error)" == "unknown style 'push'; Registry.catalog().entries lists the installed styles. Plugins were "
        + "looked for in \(directory.path)"
    }
  }

  @Test("without a scanner: the libraries are 'not scanned', not 'refused', and the fix names the library's API")
  func noScanner() throws {
    let registry = Registry(
      searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
      options: RegistryOptions(cachePath: nil, scanner: nil))
    let problems = registry.problems
    #expect(problems.contains { $0.hasSuffix("libraries were not scanned; Registry.catalog().unusable says why") })
    #expect(!problems.contains { $0.contains("refused") }, "\(problems)")
    #expect(problems.contains { $0.contains("call PluginProcessHosting.runIfAsked() at the start of the program") })
    for problem in problems { #expect(!problem.contains("'stagehand "), "\(problem)") }
  }

  @Test("an unknown style with suggestions points to the catalog, not to a command")
  func unknownStyle() {
    #expect {
      try bundledRegistry.resolve("pusj")
    } throws: { error in
      "\(error)" == "unknown style 'pusj'; did you mean 'push'? Registry.catalog().entries lists them all. "
        + "Plugins were looked for in \(bundledRegistry.searchPath.directories.joined(separator: ", "))"
    }
  }
}
