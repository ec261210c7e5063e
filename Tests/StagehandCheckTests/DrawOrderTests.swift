import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandCheck

/// When the draw order of the two contents changes what the viewer sees, the rule SH_STYLE_SYMMETRIC is checked with.
@Suite("stagehand check: the draw order shows only where both contents show, overlapping")
struct DrawOrderTests {
  static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)

  @Test("both contents at rest and opaque, or half faded: the order shows")
  func overlapping() {
    var states = LayerStates.identity
    #expect(PluginChecker.drawOrderShows(states, in: Self.bounds))
    states.appearing.opacity = 0.5
    states.disappearing.opacity = 0.5
    #expect(PluginChecker.drawOrderShows(states, in: Self.bounds))
  }

  @Test("one content transparent, clipped away, or the stage transparent: the order does not show")
  func oneHidden() {
    var faded = LayerStates.identity
    faded.disappearing.opacity = 0
    #expect(!PluginChecker.drawOrderShows(faded, in: Self.bounds))
    var clipped = LayerStates.identity
    clipped.appearing.clip.insets = Insets(top: 0, right: 0.6, bottom: 0, left: 0.5)
    #expect(!PluginChecker.drawOrderShows(clipped, in: Self.bounds))
    var stage = LayerStates.identity
    stage.stage.opacity = 0
    #expect(!PluginChecker.drawOrderShows(stage, in: Self.bounds))
  }

  @Test("contents side by side, as in a push, at random offsets: the order shows only when they overlap")
  func sideBySide() {
    var generator = SeededGenerator(seed: UInt64.random(in: 0...UInt64.max))
    for _ in 0..<200 {
      let offset = Double.random(in: -640...640, using: &generator).rounded()
      var states = LayerStates.identity
      states.appearing.translation = Vector3(x: offset, y: 0, z: 0)
      states.disappearing.translation = Vector3(x: offset - 320, y: 0, z: 0)
      #expect(!PluginChecker.drawOrderShows(states, in: Self.bounds), "seed \(generator.seed), offset \(offset)")
      states.disappearing.translation.x += 1
      #expect(PluginChecker.drawOrderShows(states, in: Self.bounds), "seed \(generator.seed), offset \(offset)")
    }
  }

  @Test("a cross-dissolve's inverse, drawn with the leaving content on top, does not look like its forward animation")
  func crossDissolve() throws {
    let forward = Animation(steps: [
      try Step(duration: 0, curve: .linear, changes: [Step.Change(.appearing, .fade(-1))]),
      try Step(
        duration: 0.4, curve: .linear,
        changes: [Step.Change(.appearing, .fade(1)), Step.Change(.disappearing, .fade(-1))]),
    ])
    let inverse = forward.swappedAndReversed()
    #expect(PluginChecker.looksTheSame(forward, inverse))
    #expect(!PluginChecker.inverseLooksLikeForward(forward, inverse, in: Self.bounds))
  }
}
