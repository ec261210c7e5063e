import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandAnimation

/// The inverse law of ARCHITECTURE.md, over a seeded corpus of random animations.
@Suite("The inverse law")
struct InverseLawTests {
  static let seed = SeededGenerator.testSeed(0x5747_4745_4841_4E44)
  static let animationsPerBatch = 100
  static let batches = 0..<10  // 1,000 animations in all

  /// The random animations of one batch; each batch has its own seed derived from the run's.
  static func corpus(batch: Int) -> (seed: UInt64, animations: [Animation]) {
    var random = SeededGenerator(seed: seed &+ UInt64(batch) &* 0x1_0000_0001)
    return (random.seed, (0..<animationsPerBatch).map { _ in random.animation() })
  }

  @Test("reversed().sample(t) equals sample(T - t) within 1e-9, at 100 even and 100 random times", arguments: batches)
  func reversedSamplesMirrorForward(batch: Int) {
    let (seed, animations) = Self.corpus(batch: batch)
    var random = SeededGenerator(seed: seed ^ 0xFFFF)
    for (index, forward) in animations.enumerated() {
      let reversed = forward.reversed()
      let even = inverseLawError(forward: forward, reversed: reversed, samples: 100)
      var randomTimes = 0.0
      for _ in 0..<100 {
        let t = Double.random(in: 0...forward.duration, using: &random)
        randomTimes = max(randomTimes, maxDifference(reversed.sample(at: t), forward.sample(at: forward.duration - t)))
      }
      #expect(
        even <= 1e-9 && randomTimes <= 1e-9,
        "animation \(index) of batch \(batch), replay with STAGEHAND_TEST_SEED=\(Self.seed): error \(even), \(randomTimes)"
      )
    }
  }

  @Test("forward then reversed returns every layer to its initial state", arguments: batches)
  func reversedEndsWhereForwardStarted(batch: Int) {
    let (_, animations) = Self.corpus(batch: batch)
    for (index, forward) in animations.enumerated() {
      let reversed = forward.reversed()
      #expect(reversed.initialStates == forward.finalStates)
      let error = maxDifference(reversed.finalStates, forward.initialStates)
      #expect(
        error <= 1e-9,
        "animation \(index) of batch \(batch), replay with STAGEHAND_TEST_SEED=\(Self.seed): error \(error)")
    }
  }

  @Test("swappedAndReversed() is swapped().reversed(), to the bit", arguments: batches)
  func swappedAndReversed(batch: Int) {
    let (_, animations) = Self.corpus(batch: batch)
    for (index, forward) in animations.enumerated() {
      #expect(
        forward.swappedAndReversed() == forward.swapped().reversed(),
        "animation \(index) of batch \(batch), replay with STAGEHAND_TEST_SEED=\(Self.seed)")
    }
  }

  @Test("reversing twice gives back the original", arguments: batches)
  func reversingTwiceIsIdentity(batch: Int) {
    let (_, animations) = Self.corpus(batch: batch)
    for (index, forward) in animations.enumerated() {
      let twice = forward.reversed().reversed()
      #expect(twice.isReversed == forward.isReversed)
      #expect(twice.steps.map(\.curve) == forward.steps.map(\.curve), "curves reverse exactly")
      #expect(twice.steps.map(\.duration) == forward.steps.map(\.duration))
      var worst = maxDifference(twice.initialStates, forward.initialStates)
      for i in 0...100 {
        let t = forward.duration * Double(i) / 100
        worst = max(worst, maxDifference(twice.sample(at: t), forward.sample(at: t)))
      }
      #expect(
        worst <= 1e-9,
        "animation \(index) of batch \(batch), replay with STAGEHAND_TEST_SEED=\(Self.seed): error \(worst)")
    }
  }

  @Test("ease-in reverses to ease-out exactly, ease-in-out and linear to themselves")
  func namedCurvesReverseExactly() {
    #expect(TimingCurve.easeIn.reversed() == .easeOut)
    #expect(TimingCurve.easeOut.reversed() == .easeIn)
    #expect(TimingCurve.easeInOut.reversed() == .easeInOut)
    #expect(TimingCurve.linear.reversed() == .linear)
  }

  /// The check above would catch a reversal that is off by one step or uses CoconutKit's inexact curve rule: both mutants are
  /// built here from the same corpus, and the law's error must be far above its tolerance for them.
  @Test("the law's check catches an off-by-one reversal and an inexact curve rule")
  func lawCatchesWrongReversals() throws {
    let (_, animations) = Self.corpus(batch: 0)
    var offByOneCaught = 0
    var inexactCaught = 0
    var candidates = 0
    for forward in animations where forward.steps.count >= 2 {
      let inverted = forward.steps.reversed().map(\.inverted)
      // Off by one: each inverted step played with the duration and curve of its neighbour.
      let offByOne = try inverted.indices.map { i in
        let neighbour = inverted[(i + 1) % inverted.count]
        // A draw-order exchange stays instant, as the model requires.
        let swaps = inverted[i].changes.contains { $0.change == .swapDrawOrder }
        return try Step(duration: swaps ? 0 : neighbour.duration, curve: neighbour.curve, changes: inverted[i].changes)
      }
      // Inexact: CoconutKit's rule, (1 - x2, y1, 1 - x1, y2), which is exact only when y1 + y2 = 1.
      // (A spring has no control points: this corpus check is about Bezier curves, so its steps keep their curve.)
      let inexact = try zip(inverted, forward.steps.reversed()).map { step, original in
        guard let c = original.curve.controlPoints else { return step }
        let curve = try TimingCurve(x1: 1 - c.x2, y1: c.y1, x2: 1 - c.x1, y2: c.y2)
        return try Step(duration: step.duration, curve: curve, changes: step.changes)
      }
      let hasDistinctCurves = Set(forward.steps.map(\.curve)).count > 1 || Set(forward.steps.map(\.duration)).count > 1
      let hasAsymmetricCurve = forward.steps.contains {
        guard $0.duration > 0, let c = $0.curve.controlPoints else { return false }
        return c.y1 + c.y2 != 1
      }
      guard hasDistinctCurves, hasAsymmetricCurve else { continue }
      candidates += 1
      let wrongByOne = Animation(steps: offByOne, initialStates: forward.finalStates, isReversed: true)
      let wrongCurves = Animation(steps: inexact, initialStates: forward.finalStates, isReversed: true)
      if inverseLawError(forward: forward, reversed: wrongByOne) > 1e-6 { offByOneCaught += 1 }
      if inverseLawError(forward: forward, reversed: wrongCurves) > 1e-6 { inexactCaught += 1 }
      #expect(inverseLawError(forward: forward, reversed: forward.reversed()) <= 1e-9)
    }
    #expect(candidates >= 20)
    #expect(offByOneCaught >= candidates * 9 / 10, "\(offByOneCaught) of \(candidates)")
    #expect(inexactCaught >= candidates * 9 / 10, "\(inexactCaught) of \(candidates)")
  }
}

/// The comparisons the law tests rely on fail on NaN, wherever it is.
@Suite("Comparisons fail on NaN")
struct NaNComparisonTests {
  @Test("a NaN in any number of any layer makes the difference NaN, so every tolerance check fails")
  func nanAnywhere() {
    for layer in LayerID.allCases {
      for field in 0..<3 {
        var states = LayerStates.identity
        switch field {
        case 0: states[layer].translation.y = .nan
        case 1: states[layer].opacity = .nan
        default: states[layer].perspective = .nan
        }
        let difference = maxDifference(states, .identity)
        #expect(difference.isNaN, "\(layer) field \(field)")
        #expect(!(difference < 1e-9))
      }
    }
    #expect(worse(1, .nan).isNaN && worse(.nan, 1).isNaN && worse(1, 2) == 2)
  }
}
