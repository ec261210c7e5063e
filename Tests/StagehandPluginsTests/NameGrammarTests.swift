import StagehandPlugins
import StagehandTestSupport
import Testing

/// The grammars of names, plugin ids and versions (`Names`, the one implementation used by the descriptor reader and
/// the cache's reader): versions on examples of Semantic Versioning 2.0.0; names and ids on examples, and on seeded
/// random text against regular expressions of the standard library.
@Suite("Names and versions")
struct NameGrammarTests {
  @Test(
    "valid semantic versions are accepted",
    arguments: [
      "0.0.0", "1.0.0", "10.20.30", "1.1.2-prerelease+meta", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-0.3.7",
      "1.0.0-x.7.z.92", "1.0.0-x-y-z.--", "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85",
      "1.0.0+21AF26D3----117B344092BD",
      "1.0.0-alpha0.valid", "1.0.0+0.build.1-rc.10000aaa-kk-0.1", "1.0.0-0", "0.0.0-0a", "1.0.0-rc.1+b.2",
      "1.0.0+001",
    ])
  func validVersions(_ version: String) {
    #expect(Names.isSemanticVersion(version))
  }

  @Test(
    "invalid semantic versions are refused: leading zeros, empty identifiers, stray characters, missing parts",
    arguments: [
      "01.0.0", "1.02.0", "1.0.00", "1.0.0-", "1.0.0+", "1.0.0-alpha..1", "1.0.0-01", "1.0.0-alpha_beta", "1.0",
      "1.0.0.0", "", "v1.0.0", "1.0.0 ", "1.0.0-+", "1.0.0+meta+meta", "1\u{301}.0.0", "１.0.0", "1.0.0-é",
      "1.0.0-alpha.", "1.0.0+build.", "1.0.0-.a", "1.0.0-rc+b+c", ".1.0.0", "1..0.0", "1.0.0.", "1.0.0-a.00",
    ])
  func invalidVersions(_ version: String) {
    #expect(!Names.isSemanticVersion(version))
  }

  @Test(
    "names and ids: the examples",
    arguments: [
      // (text, is a name, is an id)
      ("a", true, false), ("slide-from-left", true, false), ("slide-from-left-", true, false),
      ("a2345678", true, false),
      ("a-------", true, false), ("orgexample", true, false), ("abcdefgh", true, false), ("", false, false),
      ("-a", false, false), ("1a", false, false), ("slide-From-left", false, false), ("slide/from", false, false),
      ("slide-fröm-left", false, false), ("a_b", false, false), ("a b", false, false), ("a\u{301}", false, false),
      ("org.example.plugin", false, true), ("a.b", false, true), ("org.example-x.y2", false, true),
      ("abcdefg.h", false, true), ("abcdefgh.i", false, true), ("org.example.plugin-with-a-long-name", false, true),
      (".", false, false), ("a..b", false, false), ("a.b.", false, false), (".a.b", false, false),
      ("a-.b", false, true), ("a.1b", false, false), ("org.example.", false, false), ("org..example", false, false),
      ("org.1example", false, false), ("Org.example.x", false, false), ("org.exa_mple", false, false),
      ("org.exampleé.x", false, false), ("éorg.example", false, false), ("abcdefgh.", false, false),
      ("abcdefg9.-", false, false), ("a.......b", false, false), ("1.0.0", false, false),
    ])
  func namesAndIDs(text: String, isName: Bool, isID: Bool) {
    #expect(Names.isName(text) == isName)
    #expect(Names.isPluginID(text) == isID)
  }

  @Test("names and ids of seeded random text match their regular expressions")
  func randomNamesAndIDs() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x6A_4A4))
    let pieces = [
      "a", "z", "q", "0", "9", "5", ".", ".", "-", "+", "A", "Z", "_", " ", "\r\n", "é", "1\u{301}", ".\u{301}", "ab",
      "1.2.3", "abcdefgh",
    ]
    // Unicode scalars, not characters: "a" followed by a combining accent is not a name.
    let name = try Regex("[a-z][a-z0-9-]*").matchingSemantics(.unicodeScalar)
    let id = try Regex("[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+").matchingSemantics(.unicodeScalar)
    for _ in 0..<30000 {
      let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      #expect(Names.isName(text) == (try name.wholeMatch(in: text) != nil), "'\(text)', seed \(random.seed)")
      #expect(Names.isPluginID(text) == (try id.wholeMatch(in: text) != nil), "'\(text)', seed \(random.seed)")
      // A version is never a name nor an id, and the other way round (a version starts with a digit).
      #expect(!(Names.isSemanticVersion(text) && (Names.isName(text) || Names.isPluginID(text))), "'\(text)'")
    }
  }
}
