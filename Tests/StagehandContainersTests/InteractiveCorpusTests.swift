import StagehandAnimation
import StagehandCatalog
import StagehandContainers
import StagehandTestSupport
import Testing

/// A builder over a seeded corpus of random animations: `Transition("random", parameters: ["seed": "n"])` is the
/// random animation of seed n (whatever the bounds), and its inverse is that animation swapped and reversed, as the
/// inverse law says.
struct RandomCorpus: TransitionBuilding {
  func forward(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    var random = SeededGenerator(seed: UInt64(transition.parameters["seed"] ?? "0") ?? 0)
    return random.animation()
  }

  func inverse(_ transition: Transition, in context: TransitionContext) throws -> Animation {
    try forward(transition, in: context).swappedAndReversed()
  }
}

/// CONTAINERS.md 26–29 over every bundled style and preset and a seeded corpus of random animations: scrubbing shows
/// the animation at the progress set, a cancel gives back the states of before (1e-9), a finish the end states, a grab
/// and a release change nothing at their instant, and the progress leaves the release at the release velocity.
@Suite("Interactive changes over every bundled style and a random corpus (26–29)")
struct InteractiveCorpusTests {
  static let seed = SeededGenerator.testSeed(0x1C0_4B05)
  /// Every style and preset of the bundled plugins.
  static let styleNames: [String] = pluginRegistry.catalog().entries.flatMap {
    [$0.style.name] + $0.style.presets.map(\.name)
  }
  /// The velocity measured over the first `step` seconds after a release differs from the release velocity by at
  /// most the acceleration times `step` / 2: below 700 progress/s² for the springs used (stiffness 400 times an
  /// offset of at most 1.1, plus damping 40 times a velocity of at most 6), so below 1e-3 for a step of 1 µs.
  static let step = 1e-6
  static let velocityTolerance = 1e-3

  @Test("every bundled style and preset, driven, grabbed, finished and cancelled on a stack", arguments: styleNames)
  func bundledStyle(name: String) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash(name))
    let fixture = try StackFixture(builder: pluginRegistry)
    try fixture.push("A", Transition("cross-dissolve"))
    fixture.stack.appear()
    for round in 0..<3 {
      try drive(fixture, Transition(name), &random, "\(name), round \(round)")
    }
    expectWellFormed(fixture.all)
  }

  @Test("a seeded corpus of random animations, driven, grabbed, finished and cancelled on a stack")
  func randomCorpus() throws {
    var random = SeededGenerator(seed: Self.seed)
    let fixture = try StackFixture(builder: RandomCorpus())
    try fixture.push("A", Transition("random", parameters: ["seed": "1"]))
    fixture.stack.appear()
    for index in 0..<300 {
      let transition = Transition("random", parameters: ["seed": String(random.next())])
      try drive(fixture, transition, &random, "\(transition), animation \(index)")
    }
    expectWellFormed(fixture.all)
  }

  /// Pushes B interactively with `transition` (scrubbed, then finished or cancelled), then, if it stays, pops it with
  /// a grab part-way (then finished or cancelled), and checks every rule on the way; B is gone at the end.
  func drive(
    _ fixture: StackFixture, _ transition: Transition, _ random: inout SeededGenerator, _ label: String
  ) throws {
    let stack = fixture.stack
    let where_ = "\(label); replay with STAGEHAND_TEST_SEED=\(Self.seed)"
    let atRest = layerStates(stack)
    let restingStage = stack.stage
    let push = try stack.pushInteractively(fixture["B"], with: transition, scrubsLinearly: Bool.random(using: &random))
    let forward = try #require(fixture.journal.plays.last).animation
    let scrubbed = push.scrubsLinearly ? forward.withLinearCurves() : forward
    for _ in 0..<3 {
      let progress = Double.random(in: 0...1, using: &random)
      push.update(progress: progress)
      expectShown(stack, scrubbed.sample(atProgress: progress), appearing: "B", disappearing: "A", where_)
    }
    release(push, fixture, scrubbed, appearing: "B", disappearing: "A", &random, where_)
    settle(stack, fixture.clock)
    if push.outcome == .cancelled {
      #expect(names(stack.contents) == ["A"], "\(where_)")
      #expect(stateDifference(layerStates(stack), atRest) <= 1e-9, "a cancel gives back the states: \(where_)")
      #expect(maxDifference(stack.stage, restingStage) <= 1e-9, "\(where_)")
      return
    }
    #expect(push.outcome == .finished && names(stack.contents) == ["A", "B"], "\(where_)")
    expectShown(stack, forward.finalStates, appearing: "B", disappearing: "A", "a finish ends at the end: \(where_)")
    let pushed = layerStates(stack)
    let pushedStage = stack.stage
    // The pop plays by itself, and is grabbed part-way.
    try stack.pop()
    let inverse = try #require(fixture.journal.plays.last).animation
    fixture.clock.advance(by: inverse.duration * .random(in: 0.05...0.95, using: &random))
    let beforeGrab = layerStates(stack)
    if let pop = stack.grab() {
      #expect(stateDifference(beforeGrab, layerStates(stack)) <= 1e-9, "no jump at the grab: \(where_)")
      release(pop, fixture, inverse, appearing: "A", disappearing: "B", &random, where_)
      settle(stack, fixture.clock)
      if pop.outcome == .cancelled {
        #expect(stateDifference(layerStates(stack), pushed) <= 1e-9, "a cancelled pop gives back: \(where_)")
        #expect(maxDifference(stack.stage, pushedStage) <= 1e-9, "\(where_)")
        try stack.pop(animated: false)
        return
      }
    }
    settle(stack, fixture.clock)
    #expect(names(stack.contents) == ["A"], "\(where_)")
    expectShown(stack, inverse.finalStates, appearing: "A", disappearing: nil, "the pop ends at its end: \(where_)")
  }

  /// Releases `handle` (finish or cancel, with a random velocity and spring) and checks that nothing moves at the
  /// release, that the progress leaves it at the release velocity, and that the states follow `animation` at it.
  func release(
    _ handle: InteractiveTransition, _ fixture: StackFixture, _ animation: Animation, appearing: String,
    disappearing: String, _ random: inout SeededGenerator, _ where_: String
  ) {
    let stack = fixture.stack
    let before = layerStates(stack)
    let progress = handle.progress
    let velocity = Double.random(in: -6...6, using: &random)
    let spring: ReleaseSpring = Int.random(in: 0..<4, using: &random) == 0 ? .bouncy : .default
    if Bool.random(using: &random) {
      handle.finish(velocity: velocity, spring: spring)
    } else {
      handle.cancel(velocity: velocity, spring: spring)
    }
    #expect(stateDifference(before, layerStates(stack)) <= 1e-9, "no jump at the release: \(where_)")
    guard handle.outcome == nil else { return }  // it was at its end already
    fixture.clock.advance(by: Self.step)
    guard handle.outcome == nil else { return }
    let measured = (handle.progress - progress) / Self.step
    if handle.progress > 0 && handle.progress < 1 {
      #expect(
        abs(measured - velocity) <= Self.velocityTolerance,
        "the progress leaves the release at \(measured)/s, not \(velocity)/s: \(where_)")
    }
    let expected = animation.sample(atProgress: handle.progress)
    expectShown(stack, expected, appearing: appearing, disappearing: disappearing, "on the spring: \(where_)")
  }

  /// Expects the stack to show `states`: the appearing and disappearing contents named, and the stage.
  func expectShown(
    _ stack: Stack, _ states: LayerStates, appearing: String, disappearing: String?, _ where_: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let shown = layerStates(stack)
    #expect(
      maxDifference(shown[appearing] ?? LayerState(), states.appearing) <= 1e-9, "\(where_)",
      sourceLocation: sourceLocation)
    if let disappearing, let state = shown[disappearing] {
      #expect(maxDifference(state, states.disappearing) <= 1e-9, "\(where_)", sourceLocation: sourceLocation)
    }
    #expect(maxDifference(stack.stage, states.stage) <= 1e-9, "\(where_)", sourceLocation: sourceLocation)
  }
}
