import StagehandPlugins
import Testing

/// The grammars of plugin versions (Semantic Versioning 2.0.0), checked on examples of the specification.
@Suite("Names and versions")
struct NameGrammarTests {
  @Test(
    "valid semantic versions are accepted",
    arguments: [
      "0.0.0", "1.0.0", "10.20.30", "1.1.2-prerelease+meta", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-0.3.7",
      "1.0.0-x.7.z.92", "1.0.0-x-y-z.--", "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85",
      "1.0.0+21AF26D3----117B344092BD",
      "1.0.0-alpha0.valid", "1.0.0+0.build.1-rc.10000aaa-kk-0.1",
    ])
  func validVersions(_ version: String) {
    #expect(Names.isSemanticVersion(version))
  }

  @Test(
    "invalid semantic versions are refused: leading zeros, empty identifiers, stray characters, missing parts",
    arguments: [
      "01.0.0", "1.02.0", "1.0.00", "1.0.0-", "1.0.0+", "1.0.0-alpha..1", "1.0.0-01", "1.0.0-alpha_beta", "1.0",
      "1.0.0.0", "", "v1.0.0", "1.0.0 ", "1.0.0-+", "1.0.0+meta+meta", "1\u{301}.0.0", "１.0.0", "1.0.0-é",
    ])
  func invalidVersions(_ version: String) {
    #expect(!Names.isSemanticVersion(version))
  }
}
