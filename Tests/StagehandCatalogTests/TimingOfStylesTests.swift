import StagehandAnimation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// `Transition.timing` over every bundled style and preset: each kind of timing replaces every step's curve, and the
/// inverse law still holds exactly (ARCHITECTURE.md, "Interaction and timing").
@Suite("Timing chosen for every bundled style")
struct TimingOfStylesTests {
  static let seed = SeededGenerator.testSeed(0x7133_1A6)
  /// One timing of each kind: linear, a named curve, a cubic-bezier that overshoots, a bouncy spring.
  static let timings: [Timing] = [
    .linear, .easeOut, .cubicBezier(x1: 0.1, y1: 0.7, x2: 0.3, y2: 1.2), .spring(response: 0.4, dampingRatio: 0.5),
  ]
  static let contextsPerTiming = 6

  @Test(
    "every step takes the timing (its reverse in the inverse); the inverse law holds to 1e-9", arguments: bundledNames)
  func inverseLawWithTiming(name: String) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash(name))
    let resolved = try bundledRegistry.resolve(name)
    for timing in Self.timings {
      let curve = try timing.curve()
      for round in 0..<Self.contextsPerTiming {
        let parameters = resolved.preset == nil ? random.parameterTexts(for: resolved.entry.style) : [:]
        let transition = Transition(name, parameters: parameters, timing: timing)
        let context = random.context()
        // Written only when an expectation fails: describing the context every round cost a tenth of the suite.
        let where_ = { "\(transition) in \(context), round \(round); replay with STAGEHAND_TEST_SEED=\(Self.seed)" }
        let forward = try bundledRegistry.forward(transition, in: context)
        let inverse = try bundledRegistry.inverse(transition, in: context)
        #expect(forward.steps.allSatisfy { $0.curve == curve }, "\(where_())")
        #expect(inverse.steps.allSatisfy { $0.curve == curve.reversed() }, "\(where_())")
        // The law of ARCHITECTURE.md, with the timing: the inverse is the swapped forward played backwards.
        #expect(inverseLawError(forward: forward.swapped(), reversed: inverse, samples: 50) <= 1e-9, "\(where_())")
        #expect(maxDifference(inverse.initialStates, forward.finalStates.swapped) <= 1e-9, "\(where_())")
        #expect(maxDifference(inverse.finalStates, forward.initialStates.swapped) <= 1e-9, "\(where_())")
        // The timing changes the curves only: the same states at every step boundary as the style's own curves.
        let own = try bundledRegistry.forward(Transition(name, parameters: parameters), in: context)
        #expect(own.steps.count == forward.steps.count && abs(own.duration - forward.duration) < 1e-12, "\(where_())")
        var t = 0.0
        for step in own.steps {
          t += step.duration
          #expect(maxDifference(own.sample(at: t), forward.sample(at: t)) <= 1e-9, "\(where_()) at \(t)")
        }
      }
    }
  }

  @Test("a reduced-motion fallback keeps the timing asked for")
  func fallbackKeepsTiming() throws {
    let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480), reducesMotion: true)
    let asked = Transition("push-from-right", timing: .linear)
    let played = try bundledRegistry.played(asked, in: context)
    #expect(played.timing == .linear)
    #expect(try bundledRegistry.forward(asked, in: context).steps.allSatisfy { $0.curve == .linear })
  }

  @Test("a timing made in code whose numbers make no curve is a typed error of the build")
  func unusableTiming() {
    let transition = Transition("push", timing: .spring(response: -1, dampingRatio: 1))
    #expect(throws: RegistryError.self) {
      try bundledRegistry.forward(transition, in: TransitionContext(bounds: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
  }
}
