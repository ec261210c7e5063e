import StagehandPlugins
import Testing

/// The names "did you mean" suggests.
@Suite("Suggestions of names")
struct SuggestionTests {
  let names = [
    "door", "push", "push-from-left", "wipe-from-left", "door-hinged-left", "door-hinged-right", "flip", "flow",
    "barn-door-open-horizontal",
  ]

  @Test("close spellings and containment come first, then names that share most of their words")
  func order() {
    #expect(Names.suggestions(for: "pusj", among: names) == ["push"])
    #expect(Names.suggestions(for: "flop", among: names) == ["flip", "flow"])
    #expect(
      Names.suggestions(for: "door-open-from-left", among: names) == ["door", "door-hinged-left", "push-from-left"])
  }

  @Test("a name that shares less than half of its words, or none, is not suggested")
  func unrelated() {
    #expect(Names.suggestions(for: "zoom-through-black", among: names).isEmpty)
    #expect(Names.suggestions(for: "door-hinged-at-the-top-of-the-screen", among: ["door-hinged-left"]).isEmpty)
  }

  @Test("each name once, at most the limit")
  func distinct() {
    #expect(
      Names.suggestions(for: "push", among: ["push", "push", "push-from-left"], limit: 2) == ["push", "push-from-left"])
  }
}
