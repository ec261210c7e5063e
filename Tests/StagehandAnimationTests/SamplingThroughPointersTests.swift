import StagehandAnimation
import StagehandTestSupport
import Testing

/// `Animation.sample(_:atProgress:into:after:)`, the form an interactive transition samples with once per pointer
/// move, writes what `sample(atProgress:)` returns, to the bit, whether or not it is given the mark of the previous
/// call: over the inverse law's seeded corpus of random animations and their reverses.
@Suite("Sampling through pointers")
struct SamplingThroughPointersTests {
  @Test("with the previous call's mark, each sample equals sample(atProgress:), within a step and across steps")
  func markedSamplesEqualReturned() {
    let (seed, animations) = InverseLawTests.corpus(batch: 0)
    var random = SeededGenerator(seed: seed ^ 0x5eed)
    let states = UnsafeMutablePointer<LayerStates>.allocate(capacity: 1)
    defer { states.deallocate() }
    states.initialize(to: .identity)
    for (index, forward) in animations.enumerated() {
      for var animation in [forward, forward.reversed()] {
        var mark: Animation.SampledStep?
        // Runs of nearby progresses (most stay within a step, as a finger does), jumps, and the edges.
        var progress = Double.random(in: 0...1, using: &random)
        let progresses =
          [0, 1, -1, 2, .nan, 1, 0]
          + (0..<60).map { i in
            if i % 10 == 0 {
              progress = Double.random(in: 0...1, using: &random)
            } else {
              progress = min(max(progress + Double.random(in: -0.01...0.01, using: &random), 0), 1)
            }
            return progress
          }
        for progress in progresses {
          mark = withUnsafePointer(to: &animation) {
            Animation.sample($0, atProgress: progress, into: states, after: mark)
          }
          #expect(
            states.pointee == animation.sample(atProgress: progress),
            "animation \(index), progress \(progress), replay with STAGEHAND_TEST_SEED=\(InverseLawTests.seed)")
        }
      }
    }
  }

  @Test("without a mark, or with another animation's, every state is written")
  func unmarkedSamplesWriteEverything() {
    let (seed, animations) = InverseLawTests.corpus(batch: 0)
    var random = SeededGenerator(seed: seed ^ 0xfeed)
    let states = UnsafeMutablePointer<LayerStates>.allocate(capacity: 1)
    defer { states.deallocate() }
    states.initialize(to: .identity)
    for index in animations.indices.dropLast() {
      var first = animations[index]
      var second = animations[index + 1]
      let progress = Double.random(in: 0...1, using: &random)
      let mark = withUnsafePointer(to: &first) { Animation.sample($0, atProgress: progress, into: states, after: nil) }
      // States no animation gives, so that a layer left unwritten would show.
      states.pointee.appearing.opacity = -7
      states.pointee.disappearing.translation = Vector3(x: 1e6, y: -1e6, z: 3)
      states.pointee.stage.perspective = 42
      _ = withUnsafePointer(to: &second) { Animation.sample($0, atProgress: progress, into: states, after: mark) }
      #expect(
        states.pointee == second.sample(atProgress: progress),
        "animations \(index) and \(index + 1), replay with STAGEHAND_TEST_SEED=\(InverseLawTests.seed)")
      states.pointee.appearing.opacity = -7
      _ = withUnsafePointer(to: &second) { Animation.sample($0, atProgress: progress, into: states, after: nil) }
      #expect(states.pointee == second.sample(atProgress: progress), "animation \(index + 1), no mark")
    }
  }
}
