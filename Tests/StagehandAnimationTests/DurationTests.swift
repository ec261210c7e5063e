import StagehandAnimation
import StagehandTestSupport
import Testing

@Suite("Durations and sampling")
struct DurationTests {
  static func pushLike() throws -> Animation {
    Animation(steps: [
      try Step(duration: 0, changes: [.init(.appearing, .translate(Vector3(x: 320, y: 0, z: 0)))]),
      try Step(
        duration: 0.3, curve: .easeInOut,
        changes: [
          .init(.appearing, .translate(Vector3(x: -320, y: 0, z: 0))),
          .init(.disappearing, .translate(Vector3(x: -320, y: 0, z: 0))),
        ]),
      try Step(duration: 0.1, curve: .linear, changes: [.init(.disappearing, .fade(-1))]),
    ])
  }

  @Test("the intrinsic duration is the sum of the steps")
  func intrinsicDuration() throws {
    let animation = try Self.pushLike()
    #expect(animation.duration == 0.4)
    #expect(try animation.rescaled(to: .intrinsic) == animation)
  }

  @Test("rescaling multiplies every step's duration by the same factor", arguments: [0.2, 0.4, 1.0, 3.7])
  func rescaling(seconds: Double) throws {
    let animation = try Self.pushLike()
    let rescaled = try animation.rescaled(to: .seconds(seconds))
    #expect(abs(rescaled.duration - seconds) < 1e-12)
    for (new, old) in zip(rescaled.steps, animation.steps) {
      #expect(abs(new.duration - old.duration * seconds / 0.4) < 1e-12)
    }
    for i in 0...50 {
      let t = 0.4 * Double(i) / 50
      #expect(maxDifference(rescaled.sample(at: t * seconds / 0.4), animation.sample(at: t)) < 1e-9)
    }
  }

  @Test("known samples of a push-like animation")
  func knownSamples() throws {
    let animation = try Self.pushLike()
    #expect(animation.sample(at: 0).appearing.translation.x == 320, "the setup step applies at time 0")
    #expect(
      abs(animation.sample(at: 0.15).appearing.translation.x - 160) < 1e-9, "ease-in-out is half way at half time")
    #expect(animation.sample(at: 0.3).disappearing.translation.x == -320)
    #expect(abs(animation.sample(at: 0.35).disappearing.opacity - 0.5) < 1e-12)
    #expect(animation.sample(at: 99) == animation.finalStates)
    #expect(animation.sample(at: -1) == animation.sample(at: 0))
    #expect(animation.sample(at: .nan) == animation.sample(at: 0))
    for layer in LayerID.allCases {
      #expect(animation.sample(layer, at: 0.2) == animation.sample(at: 0.2)[layer])
    }
  }

  @Test("an animation of zero intrinsic duration is never divided by zero")
  func zeroIntrinsicDuration() throws {
    let instant = Animation(steps: [try Step(duration: 0, changes: [.init(.appearing, .fade(-1))])])
    let rescaled = try instant.rescaled(to: .seconds(2))
    #expect(rescaled == instant)
    #expect(rescaled.sample(at: 1).appearing.opacity == 0)
    #expect(Animation.still().sample(at: 0) == .identity)
    let flattened = try Self.pushLike().rescaled(to: .seconds(0))
    #expect(flattened.duration == 0)
    #expect(flattened.sample(at: 0) == flattened.finalStates)
  }

  @Test(
    "bad requested durations are rejected",
    arguments: [
      (-1.0, "requested duration -1.0 s is negative"), (Double.nan, "requested duration is nan"),
      (Double.infinity, "requested duration is inf"),
    ])
  func badRequestedDurations(seconds: Double, message: String) throws {
    let animation = try Self.pushLike()
    #expect {
      _ = try animation.rescaled(to: .seconds(seconds))
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}
