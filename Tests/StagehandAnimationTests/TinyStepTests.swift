import StagehandAnimation
import StagehandTestSupport
import Testing

/// Steps too short to move the clock. Found by Fuzz/Harnesses/FuzzDescriptor
/// (Fuzz/Corpus/FuzzDescriptor/regression-tiny-last-step): a last step of 2.8e-173 s after 38 s ended at 38 s, so
/// sampling at the end found it at progress 0 and missed its changes, and the inverse law failed by 76 points.
@Suite("Steps too short to move the clock")
struct TinyStepTests {
  static func animation(tiny: Double) throws -> Animation {
    let changes = [
      Step.Change(.stage, .translate(Vector3(x: -4.25, y: -4.25, z: -4.25))),
      Step.Change(.stage, .moveAnchor(Point(x: -4.25, y: -4.25))),
    ]
    return try Animation(steps: [
      Step(duration: 38, curve: .easeIn, changes: []), Step(duration: tiny, curve: .easeInOut, changes: changes),
    ])
  }

  @Test("a last step that does not move the clock is applied at the end", arguments: [2.8415193350103853e-173, 1e-15])
  func tinyLastStep(tiny: Double) throws {
    let forward = try Self.animation(tiny: tiny)
    #expect(forward.duration == 38)
    #expect(forward.sample(at: forward.duration) == forward.finalStates)
    #expect(inverseLawError(forward: forward, reversed: forward.reversed(), samples: 100) <= 1e-9)
  }

  @Test("a short step that does move the clock still runs over its time")
  func shortStepRuns() throws {
    let forward = try Self.animation(tiny: 1e-6)
    #expect(forward.sample(at: 38).stage.translation.x == 0)
    #expect(forward.sample(at: forward.duration) == forward.finalStates)
    #expect(inverseLawError(forward: forward, reversed: forward.reversed(), samples: 100) <= 1e-9)
  }

  @Test("a first step the clock loses behind a huge one (0.5 s, then 5e120 s) still reverses: found by fuzzing")
  func stepLostBehindHugeOne() throws {
    // Fuzz/Corpus/FuzzDescriptor/regression-lost-first-step: the reversed animation ended before the 0.5 s step's
    // inverse, 4.125 away from where the forward one starts.
    let forward = try Animation(steps: [
      Step(
        duration: 0.5, curve: .easeOut,
        changes: [
          Step.Change(.appearing, .scale(Vector3(x: 5.125, y: 5.125, z: -2))),
          Step.Change(.disappearing, .rotate(angle: 6.75, axis: Vector3(x: -1, y: -1, z: -1))),
        ]),
      Step(
        duration: 5.1644997561738166e+120, curve: .easeIn,
        changes: [Step.Change(.appearing, .rotate(angle: 1, axis: .zAxis))]),
    ])
    let reversed = forward.reversed()
    #expect(maxDifference(reversed.sample(at: reversed.duration), forward.sample(at: 0)) <= 1e-12)
    #expect(inverseLawError(forward: forward, reversed: reversed, samples: 100) <= 1e-9)
  }
}
