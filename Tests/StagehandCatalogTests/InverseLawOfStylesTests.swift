import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The inverse law of ARCHITECTURE.md for every bundled style and preset, loaded from its real library and built
/// through libffi, over random bounds, durations, layout directions, display scales, reduced motion and parameter values.
@Suite("The inverse law of every bundled style")
struct InverseLawOfStylesTests {
  static let seed = SeededGenerator.testSeed(0x1A55_0F_57A6E)
  static let contextsPerName = 60

  @Test("every style and preset is bundled", arguments: [20])
  func catalogIsComplete(minimum: Int) {
    #expect(bundledNames.count >= minimum)
    #expect(bundledRegistry.catalog().rejected.isEmpty, "\(bundledRegistry.catalog().rejected)")
  }

  @Test("inverse(t) equals the swapped forward at T - t; forward then inverse returns to rest", arguments: bundledNames)
  func inverseLaw(name: String) throws {
    var random = SeededGenerator(seed: Self.seed ^ stableHash(name))
    let resolved = try bundledRegistry.resolve(name)
    for round in 0..<Self.contextsPerName {
      // Presets are tried with their own values; styles with random ones.
      let parameters = resolved.preset == nil ? random.parameterTexts(for: resolved.entry.style) : [:]
      let transition = Transition(name, parameters: parameters)
      let context = random.context()
      let forward = try bundledRegistry.forward(transition, in: context)
      let inverse = try bundledRegistry.inverse(transition, in: context)
      // Written only when an expectation fails: describing the context every round cost a tenth of the suite.
      let where_ = { "\(transition) in \(context), round \(round); replay with STAGEHAND_TEST_SEED=\(Self.seed)" }

      if case .seconds(let seconds) = context.duration, forward.duration > 0 || seconds == 0 {
        #expect(abs(forward.duration - seconds) < 1e-9, "\(where_())")
      }
      #expect(abs(inverse.duration - forward.duration) < 1e-9, "\(where_())")
      // The inverse is the forward animation with the content layers swapped, played backwards.
      let swapped = forward.swapped()
      #expect(inverseLawError(forward: swapped, reversed: inverse, samples: 50) <= 1e-9, "\(where_())")
      // It starts where the forward ended, and forward then inverse returns every layer to its initial state.
      #expect(maxDifference(inverse.initialStates, forward.finalStates.swapped) <= 1e-9, "\(where_())")
      #expect(maxDifference(inverse.finalStates, forward.initialStates.swapped) <= 1e-9, "\(where_())")
      #expect(forward.initialStates == .identity)
      // Built again, the same context gives the same animation: builders are deterministic.
      #expect(try bundledRegistry.forward(transition, in: context) == forward, "\(where_())")
    }
  }

  @Test("the inverse is built from the geometry at pop time, not the push's")
  func inverseUsesCurrentGeometry() throws {
    let transition = Transition("push-from-right")
    let narrow = TransitionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    let wide = TransitionContext(bounds: Rect(x: 0, y: 0, width: 480, height: 320))
    let inverse = try bundledRegistry.inverse(transition, in: wide)
    // At the start of the pop, the revealed content waits one (new) width to the left.
    #expect(inverse.sample(at: 0).appearing.translation.x == -480)
    #expect(try bundledRegistry.inverse(transition, in: narrow).sample(at: 0).appearing.translation.x == -320)
  }
}
