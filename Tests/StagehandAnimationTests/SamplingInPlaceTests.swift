import StagehandAnimation
import StagehandTestSupport
import Testing

/// `sample(at:into:)` and `sample(atProgress:into:)` write what `sample(at:)` and `sample(atProgress:)` return, to
/// the bit, over the inverse law's seeded corpus of random animations and their reverses.
@Suite("Sampling in place")
struct SamplingInPlaceTests {
  @Test("sample(at:into:) and sample(atProgress:into:) equal the returning forms, whatever the states held before")
  func inPlaceEqualsReturned() {
    let (seed, animations) = InverseLawTests.corpus(batch: 0)
    var random = SeededGenerator(seed: seed ^ 0x1234)
    // Start from states no animation gives, so that a layer left unwritten would show.
    var states = LayerStates()
    states.appearing.opacity = -7
    states.disappearing.translation = Vector3(x: 1e6, y: -1e6, z: 3)
    states.stage.perspective = 42
    for (index, forward) in animations.enumerated() {
      for animation in [forward, forward.reversed()] {
        let times =
          [-1, 0, animation.duration, animation.duration + 1, .nan]
          + (0..<20).map { _ in
            Double.random(in: 0...animation.duration, using: &random)
          }
        for time in times {
          animation.sample(at: time, into: &states)
          #expect(
            states == animation.sample(at: time),
            "animation \(index), time \(time), replay with STAGEHAND_TEST_SEED=\(InverseLawTests.seed)")
          let progress = animation.duration > 0 ? time / animation.duration : time
          animation.sample(atProgress: progress, into: &states)
          #expect(
            states == animation.sample(atProgress: progress),
            "animation \(index), progress \(progress), replay with STAGEHAND_TEST_SEED=\(InverseLawTests.seed)")
        }
      }
    }
  }
}
