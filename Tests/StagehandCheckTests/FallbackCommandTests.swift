import Foundation
import StagehandTestSupport
import Testing

/// `stagehand check` resolves reduced-motion fallbacks into other plugins against the installed catalog.
@Suite("stagehand check: fallbacks into other plugins, resolved against the installed catalog")
struct FallbackCommandTests {
  /// No plugin folder of the user's: the installed catalog is the bundled plugins.
  static let environment = [
    "HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": BuiltProducts.cacheHome,
  ].merging(BuiltProducts.sanitizerOptions) { clean, _ in clean }

  @Test(
    "a fallback to a missing plugin or name is a warning naming it; one to an installed style passes strictly",
    arguments: [
      (CheckFixture.fallbackMissing, "no installed plugin has the id 'org.example.nowhere'"),
      (.fallbackMisnamed, "the installed plugin 'org.stagehand.cross-dissolve' has no style or preset of that name"),
      (.fallbackInstalled, ""),
    ])
  func resolved(_ fixture: CheckFixture, words: String) throws {
    let path = try #require(try checkFixtures.get()[fixture])
    let result = try runStagehand(["check", "--strict", path], environment: Self.environment)
    if words.isEmpty {
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(result.standardOutput.contains(": 0 errors, 0 warnings, "), "\(result.standardOutput)")
    } else {
      #expect(result.status == 1, "\(result.standardOutput)")
      #expect(result.standardOutput.contains("warning (section 12): style 'tilt': "), "\(result.standardOutput)")
      #expect(result.standardOutput.contains(words), "\(result.standardOutput)")
      #expect(result.standardOutput.contains("Name an installed style or preset"), "\(result.standardOutput)")
      let lenient = try runStagehand(["check", path], environment: Self.environment)
      #expect(lenient.status == 0, "\(lenient.standardOutput)")
    }
  }
}
