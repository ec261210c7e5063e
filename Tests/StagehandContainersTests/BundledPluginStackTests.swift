import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// The registry over the bundled plugins: the libraries the build put next to the test binary.
let pluginRegistry = Registry(
  searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
  options: RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path))

/// What the registry builds for `transition`, forward or inverse, in `bounds`.
func built(
  _ transition: Transition, in bounds: Rect, duration: RequestedDuration = .intrinsic, inverse: Bool = false
) throws -> Animation {
  let context = TransitionContext(bounds: bounds, duration: duration)
  return inverse
    ? try pluginRegistry.inverse(transition, in: context) : try pluginRegistry.forward(transition, in: context)
}

/// A few of the contract's behaviours with the real plugin libraries, loaded and called through the registry.
@Suite("The stack with the bundled plugins (11, 12, 15, 17, 20, 21)")
struct BundledPluginStackTests {
  static let styles = ["push-from-left", "cover-from-bottom", "flip-horizontally", "cross-dissolve"]

  @Test("the bundled plugins load")
  func pluginsLoad() throws {
    #expect(pluginRegistry.catalog().rejected.isEmpty, "\(pluginRegistry.catalog().rejected)")
    for style in Self.styles { _ = try pluginRegistry.resolve(style) }
  }

  @Test(
    "11, 12, 17. push plays the style's forward animation; pop its inverse, built from the bounds of the moment, and returns every layer to rest",
    arguments: styles)
  func pushPopSymmetry(style: String) throws {
    let transition = Transition(style)
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    let atRest = layerStates(stack)

    // In the same geometry: forward, then inverse, back to rest.
    try stack.push(fixture["B"], with: transition, duration: .seconds(0.6))
    var play = try #require(fixture.journal.plays.last)
    #expect(animationDifference(play.animation, try built(transition, in: portrait, duration: .seconds(0.6))) <= 1e-9)
    settle(stack, fixture.clock)
    try stack.pop()
    play = try #require(fixture.journal.plays.last)
    let sameBounds = try built(transition, in: portrait, duration: .seconds(0.6), inverse: true)
    #expect(play.inverse && animationDifference(play.animation, sameBounds) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A"])
    #expect(stateDifference(layerStates(stack), atRest) <= 1e-9, "back to rest")

    // With a rotation between the push and the pop: the inverse of the new bounds.
    try fixture.push("C", transition)
    try stack.setBounds(landscape)
    try stack.pop()
    play = try #require(fixture.journal.plays.last)
    let now = try built(transition, in: landscape, inverse: true)
    #expect(play.content == "C" && play.inverse && animationDifference(play.animation, now) <= 1e-9)
    if style != "cross-dissolve" {
      #expect(
        animationDifference(play.animation, try built(transition, in: portrait, inverse: true)) > 1e-3,
        "not the inverse of the bounds of the push")
    }
    settle(stack, fixture.clock)
    #expect(stateDifference(layerStates(stack), atRest) <= 1e-9, "back to rest after the rotation too")
    expectWellFormed(fixture.all)
  }

  @Test(
    "15. capacity with the bundled styles: deeper layers detach, and come back first during a pop", arguments: [1, 2])
  func capacity(capacity: Int) throws {
    let fixture = try StackFixture(builder: pluginRegistry, capacity: capacity)
    let stack = fixture.stack
    let names = ["A", "B", "C", "D", "E"]
    let transitions = ["cross-dissolve"] + Self.styles
    try fixture.push("A", Transition(transitions[0]))
    stack.appear()
    for index in 1..<names.count {
      try fixture.push(names[index], Transition(transitions[index]))
      #expect(attached(stack) == Array(names[...index].suffix(capacity)))
    }
    var attachedAtStart: [String] = []
    fixture.journal.onPlay = { [unowned stack] _ in attachedAtStart = attached(stack) }
    try stack.pop()
    let afterPop = Array(names[...3].suffix(capacity))
    #expect(attachedAtStart == afterPop + ["E"])
    let deepest = try #require(afterPop.first)
    let deepestIndex = try #require(names.firstIndex(of: deepest))
    let resting = try built(Transition(transitions[deepestIndex + 1]), in: portrait).finalStates.disappearing
    #expect(maxDifference(layerStates(stack)[deepest] ?? LayerState(), resting) <= 1e-9)
    settle(stack, fixture.clock)
    #expect(attached(stack) == afterPop)
    expectWellFormed(fixture.all)
  }

  @Test(
    "20. a pop during a push of a bundled style reverses it with no jump",
    arguments: styles, [0.1, 0.5, 0.9])
  func interruption(style: String, fraction: Double) throws {
    let transition = Transition(style)
    let fixture = try StackFixture(builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("push-from-right"))
    stack.appear()
    let atRest = layerStates(stack)
    try stack.push(fixture["B"], with: transition)
    let forward = try built(transition, in: portrait)
    let elapsed = forward.duration * fraction
    fixture.clock.advance(by: elapsed)
    let before = layerStates(stack)
    let stageBefore = stack.stage
    try stack.pop()
    #expect(stateDifference(before, layerStates(stack)) <= 1e-9, "no jump")
    #expect(maxDifference(stageBefore, stack.stage) <= 1e-9, "no jump of the stage")
    let play = try #require(fixture.journal.plays.last)
    #expect(abs(play.offset - (forward.duration - elapsed)) <= 1e-9)
    #expect(animationDifference(play.animation, try built(transition, in: portrait, inverse: true)) <= 1e-9)
    fixture.clock.advance(by: elapsed - 1e-6)
    #expect(stack.isAnimating)
    fixture.clock.advance(by: 2e-6)
    #expect(!stack.isAnimating)
    #expect(names(stack.contents) == ["A"])
    #expect(stateDifference(layerStates(stack), atRest) <= 1e-9)
    expectWellFormed(fixture.all)
  }

  @Test("21. a style or parameter the registry refuses gives a typed error and leaves the stack unchanged")
  func refusedByTheRegistry() throws {
    let fixture = try StackFixture(name: "main", builder: pluginRegistry)
    let stack = fixture.stack
    try fixture.push("A", Transition("cross-dissolve"))
    stack.appear()
    let before = StackState(stack)
    let refused = [
      Transition("pusj"), Transition("push", parameters: ["direction": "up"]),
      Transition("flip", parameters: ["camera-distance": "0.5"]), Transition("cross-dissolve", parameters: ["x": "1"]),
    ]
    for transition in refused {
      let message = expectError(.transition(transition)) { try stack.push(fixture["X"], with: transition) }
      #expect(message?.contains(transition.style) == true, "\(message ?? "")")
      #expect(StackState(stack) == before)
    }
    expectError(.transition(Transition("push"))) {
      try stack.push(fixture["X"], with: Transition("push"), duration: .seconds(-2))
    }
    #expect(StackState(stack) == before && fixture["X"].events.isEmpty)
    try stack.push(fixture["X"], with: Transition("push-from-top"))
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A", "X"])
    expectWellFormed(fixture.all)
  }
}
