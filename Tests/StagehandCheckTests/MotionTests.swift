import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandCheck

/// How far the reduced-motion rule finds a layer moved.
@Suite("stagehand check: the largest move of a layer, as a share of the container")
struct MotionTests {
  @Test("a layer translated by random offsets: the largest share is the offset over the width or the height")
  func largestShare() throws {
    var generator = SeededGenerator(seed: UInt64.random(in: 0...UInt64.max))
    for _ in 0..<100 {
      let (dx, dy) = (
        Double.random(in: -900...900, using: &generator), Double.random(in: -900...900, using: &generator)
      )
      let animation = Animation(steps: [
        try Step(duration: 0.5, curve: .linear, changes: [Step.Change(.stage, .translate(Vector3(x: dx, y: dy, z: 0)))])
      ])
      let move = try #require(PluginChecker.largestMove(animation, width: 300, height: 600), "seed \(generator.seed)")
      let expected = max(abs(dx) / 300, abs(dy) / 600)
      #expect(abs(move.share - expected) <= 1e-9 * max(1, expected), "seed \(generator.seed): \(dx), \(dy)")
      #expect(move.layer == "stage" && move.axis == (abs(dx) / 300 >= abs(dy) / 600 ? "width" : "height"))
    }
  }

  @Test("a container with no width has no share")
  func noWidth() {
    #expect(PluginChecker.largestMove(.still(), width: 0, height: 10) == nil)
  }
}
