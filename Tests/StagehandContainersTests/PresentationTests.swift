import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// A container's layout direction and reduced motion (ABI 1.1): each transition is built with the settings of the
/// moment it starts, the entry remembers what its push played, and its pop plays the inverse of that.
@Suite("Layout direction and reduced motion in containers")
struct PresentationTests {
  /// A shown stack over the recording double holding A, pushed with a fade.
  static func fixture(presentation: PresentationSettings = PresentationSettings()) throws -> (
    StackFixture, MotionTransitions
  ) {
    let builder = MotionTransitions()
    let fixture = try StackFixture(builder: builder)
    fixture.stack.presentation = presentation
    try fixture.push("A", Transition("fade"))
    fixture.stack.appear()
    return (fixture, builder)
  }

  @Test("a leading slide comes from the left in ltr and from the right in rtl, push and pop alike")
  func directionFlips() throws {
    for direction in LayoutDirection.allCases {
      let (fixture, builder) = try Self.fixture(presentation: PresentationSettings(layoutDirection: direction))
      let slide = Transition("slide", parameters: ["direction": "leading"])
      try fixture.push("B", slide)
      let push = try #require(fixture.journal.plays.last)
      let start = push.animation.sample(at: 0).appearing.translation.x
      #expect(start == (direction == .leftToRight ? -320 : 320), "\(direction)")
      #expect(builder.last("forward")?.context.layoutDirection == direction)
      try fixture.stack.pop()
      settle(fixture.stack, fixture.clock)
      let pop = try #require(fixture.journal.plays.last)
      #expect(pop.inverse && builder.last("inverse")?.context.layoutDirection == direction)
      #expect(animationDifference(pop.animation, push.animation.swapped().reversed()) <= 1e-9)
    }
  }

  @Test("with reduced motion, the push plays the fallback, the entry remembers it, and the pop plays its inverse")
  func reducedPushAndPop() throws {
    let (fixture, builder) = try Self.fixture(presentation: PresentationSettings(reducesMotion: true))
    try fixture.push("B", Transition("turn", parameters: ["angle": "60"]))
    let entry = try #require(fixture.stack.entries.last)
    #expect(entry.transition == Transition("turn", parameters: ["angle": "60"]))
    #expect(entry.played == Transition("fade") && entry.playedReducingMotion)
    let forward = try #require(builder.last("forward"))
    #expect(forward.transition == Transition("fade") && forward.context.reducesMotion)

    // Reduced motion turned off before the pop: the pop still plays the inverse of what the push played.
    fixture.stack.reducesMotion = false
    try fixture.stack.pop()
    let inverse = try #require(builder.last("inverse"))
    #expect(inverse.transition == Transition("fade") && !inverse.context.reducesMotion)
    let pop = try #require(fixture.journal.plays.last)
    #expect(
      animationDifference(pop.animation, try TestTransitions().inverse(Transition("fade"), in: inverse.context)) <= 1e-9
    )
  }

  @Test("reduced motion turned on after a full-motion push: the pop plays the inverse of the style's fallback")
  func reducedAfterFullMotionPush() throws {
    let (fixture, builder) = try Self.fixture()
    try fixture.push("B", Transition("slide", parameters: ["direction": "top"]))
    #expect(fixture.stack.entries.last?.played == Transition("slide", parameters: ["direction": "top"]))
    #expect(fixture.stack.entries.last?.playedReducingMotion == false)
    fixture.stack.reducesMotion = true
    try fixture.stack.pop()
    let inverse = try #require(builder.last("inverse"))
    #expect(inverse.transition == Transition("fade") && inverse.context.reducesMotion)
  }

  @Test("a push reversed while it plays reverses what it played, with the settings it started with")
  func reversalKeepsItsSettings() throws {
    let (fixture, builder) = try Self.fixture(presentation: PresentationSettings(layoutDirection: .rightToLeft))
    let slide = Transition("slide", parameters: ["direction": "leading"])
    try fixture.stack.push(fixture["B"], with: slide)
    fixture.clock.advance(by: 0.1)
    let before = layerStates(fixture.stack)
    fixture.stack.reducesMotion = true
    fixture.stack.layoutDirection = .leftToRight
    try fixture.stack.pop()
    let inverse = try #require(builder.last("inverse"))
    #expect(inverse.transition == slide && !inverse.context.reducesMotion)
    #expect(inverse.context.layoutDirection == .rightToLeft)
    #expect(stateDifference(layerStates(fixture.stack), before) <= 1e-9, "no jump")
    #expect(fixture.journal.plays.last?.offset ?? 0 > 0)
  }

  @Test("a snapshot keeps the settings and what each entry played; the restored stack pops the same inverses")
  func snapshot() throws {
    let (fixture, _) = try Self.fixture(
      presentation: PresentationSettings(layoutDirection: .rightToLeft, reducesMotion: true))
    try fixture.push("B", Transition("slide", parameters: ["direction": "leading"]))
    let snapshot = fixture.stack.snapshot()
    #expect(snapshot.presentation == PresentationSettings(layoutDirection: .rightToLeft, reducesMotion: true))
    #expect(snapshot.entries.last?.played == Transition("fade"))
    let decoded = try JSONDecoder().decode(StackSnapshot.self, from: JSONEncoder().encode(snapshot))
    #expect(decoded == snapshot)

    let builder = MotionTransitions()
    let restored = try Stack.restore(decoded, builder: builder, clock: ManualClock()) { RecordingContent($0) }
    #expect(restored.presentation == snapshot.presentation)
    #expect(restored.entries.map(\.played) == fixture.stack.entries.map(\.played))
    restored.appear()
    restored.reducesMotion = false
    try restored.pop()
    #expect(builder.last("inverse")?.transition == Transition("fade"))
  }

  @Test("a snapshot of an older version, without settings or played transitions, restores with the defaults")
  func olderSnapshot() throws {
    let fixture = try StackFixture()
    fixture.stack.appear()
    try fixture.push("A", Transition("fade"))
    var encoded = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(fixture.stack.snapshot())) as? [String: Any])
    #expect(encoded.removeValue(forKey: "presentation") != nil)
    var entries = try #require(encoded["entries"] as? [[String: Any]])
    #expect(entries[0].removeValue(forKey: "played") != nil)
    #expect(entries[0].removeValue(forKey: "playedReducingMotion") != nil)
    encoded["entries"] = entries
    let snapshot = try JSONDecoder().decode(StackSnapshot.self, from: JSONSerialization.data(withJSONObject: encoded))
    #expect(snapshot.presentation == nil)
    #expect(snapshot.entries.first?.played == nil)
    let restored = try Stack.restore(snapshot, builder: MotionTransitions(), clock: ManualClock()) {
      RecordingContent($0)
    }
    #expect(restored.presentation == PresentationSettings())
  }

  @Test("a placeholder sets and clears with its settings; clearing plays the inverse of what the set played")
  func placeholder() throws {
    let builder = MotionTransitions()
    let clock = ManualClock()
    let board = Placeholder(
      name: "board", builder: builder, clock: clock, slots: [portrait],
      presentation: PresentationSettings(layoutDirection: .rightToLeft))
    board.appear()
    let a = RecordingContent("A")
    try board.set(a, inSlot: 0, with: Transition("slide", parameters: ["direction": "leading"]))
    #expect(builder.last("forward")?.context.layoutDirection == .rightToLeft)
    #expect(builder.last("forward")?.transition == Transition("slide", parameters: ["direction": "leading"]))
    settle(board, clock)
    board.reducesMotion = true
    try board.clear(slot: 0)
    // Turned on after a full-motion set: the inverse of the slide's fallback.
    #expect(builder.last("inverse")?.transition == Transition("fade"))
    #expect(builder.last("inverse")?.context.reducesMotion == true)
    settle(board, clock)
    let b = RecordingContent("B")
    try board.set(b, inSlot: 0, with: Transition("turn"))
    #expect(builder.last("forward")?.transition == Transition("fade"))
    settle(board, clock)
    board.reducesMotion = false
    try board.clear(slot: 0)
    #expect(builder.last("inverse")?.transition == Transition("fade"))
    #expect(builder.last("inverse")?.context.reducesMotion == false)
  }

  @Test("through the bundled plugins: every push and pop plays what the registry says is played, in both directions")
  func bundledPlugins() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x0DD_BA11))
    let styles = ["push-from-left", "cover-from-bottom", "flip-horizontally", "cross-dissolve", "zoom-in"]
    let fixture = try StackFixture(builder: pluginRegistry, capacity: 3)
    try fixture.push("root", Transition("cross-dissolve"))
    fixture.stack.appear()
    var pushed: [(Transition, TransitionContext)] = []
    for step in 0..<60 {
      if Bool.random(using: &random) { fixture.stack.reducesMotion.toggle() }
      if Int.random(in: 0..<3, using: &random) == 0 {
        fixture.stack.layoutDirection = fixture.stack.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
      }
      let context = TransitionContext(
        bounds: portrait, layoutDirection: fixture.stack.layoutDirection, reducesMotion: fixture.stack.reducesMotion)
      if pushed.isEmpty || Bool.random(using: &random) {
        let transition = Transition(styles.randomElement(using: &random)!)
        try fixture.push("c\(step)", transition)
        let played = try pluginRegistry.played(transition, in: context)
        let play = try #require(fixture.journal.plays.last)
        #expect(fixture.stack.entries.last?.played == played)
        #expect(animationDifference(play.animation, try pluginRegistry.forward(played, in: context)) <= 1e-9)
        pushed.append((played, context))
      } else {
        let (played, _) = pushed.removeLast()
        try fixture.stack.pop()
        settle(fixture.stack, fixture.clock)
        let play = try #require(fixture.journal.plays.last)
        let expected = try pluginRegistry.inverse(pluginRegistry.played(played, in: context), in: context)
        #expect(play.inverse && animationDifference(play.animation, expected) <= 1e-9, "step \(step)")
      }
    }
    #expect(fixture.journal.failures.isEmpty, "\(fixture.journal.failures)")
  }
}
