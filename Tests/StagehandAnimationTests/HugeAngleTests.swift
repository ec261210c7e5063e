import StagehandAnimation
import StagehandTestSupport
import Testing

/// Rotations by angles far beyond any turn a transition makes. Found by Fuzz/Harnesses/FuzzDescriptor
/// (Fuzz/Corpus/FuzzDescriptor/regression-huge-angle): a rotation by 1.0868189993109663e+33 radians had a sine of
/// about 1e270, so the stage's quaternion grew to 5e273 and the derived inverse was infinite.
@Suite("Rotations by huge angles")
struct HugeAngleTests {
  static func norm(_ r: Rotation) -> Double { (r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z).squareRoot() }

  @Test(
    "a rotation by any finite angle is a unit quaternion, and its animation reverses to a finite rest",
    arguments: [1.0868189993109663e+33, 1e6 + 0.5, 3e9, -7.5e15, 1e100, -1.7976931348623157e308, .pi * 1e20])
  func hugeAngle(angle: Double) throws {
    let rotation = Rotation(angle: angle, axis: Vector3(x: -1, y: -1, z: -1))
    #expect(abs(Self.norm(rotation) - 1) <= 1e-15, "\(rotation)")
    let forward = try Animation(steps: [
      Step(duration: 9.5, curve: .easeOut, changes: [Step.Change(.stage, .rotate(angle: angle, axis: .zAxis))])
    ])
    #expect(forward.isFinite && abs(Self.norm(forward.finalStates.stage.rotation) - 1) <= 1e-15)
    let inverse = forward.swapped().reversed()
    #expect(inverse.isFinite, "\(inverse.finalStates)")
    #expect(abs(Self.norm(inverse.sample(at: 4.75).stage.rotation) - 1) <= 1e-15)
  }

  @Test("angles up to 1e6 keep their precision: a whole number of turns is no rotation")
  func ordinaryAngles() {
    for turns in [1.0, 1000, 100_000] {
      let rotation = Rotation(angle: 2 * .pi * turns, axis: .zAxis)
      #expect(abs(abs(rotation.w) - 1) <= 1e-9, "\(turns) turns: \(rotation)")
    }
  }
}
