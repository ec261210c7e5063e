import StagehandAnimation
import StagehandTestSupport
import Testing

/// Scales near the ends of the range of doubles: a step ends at its factor exactly, and an animation whose scales
/// leave the normal range is known not to be reversible. Found by Fuzz/Harnesses/FuzzDescriptor.
@Suite("Scales at the ends of the range")
struct ScaleRangeTests {
  /// The step the fuzzer's input (Fuzz/Corpus/FuzzDescriptor/regression-scale-underflow) built: its y factor,
  /// 5.540870196674795e-307, has a finite reciprocal, but the step ended with a scale of 0 (1 + (k - 1) cancels k).
  static let tinyFactor = Vector3(x: 0.5, y: 5.540870196674795e-307, z: -10)

  static func scaling(by factors: [Vector3]) throws -> Animation {
    try Animation(
      steps: factors.map { factor throws(AnimationError) in
        try Step(duration: 0.5, curve: .easeOut, changes: [Step.Change(.appearing, .scale(factor))])
      })
  }

  @Test("a step scaling by a tiny factor ends at that factor exactly, and its reversal returns to rest")
  func tinyFactorIsExact() throws {
    let forward = try Self.scaling(by: [Self.tinyFactor])
    #expect(forward.finalStates.appearing.scale == Self.tinyFactor)
    #expect(forward.keepsScalesReversible)
    let back = forward.reversed().finalStates.appearing.scale
    #expect(abs(back.x - 1) <= 1e-15 && abs(back.y - 1) <= 1e-15 && abs(back.z - 1) <= 1e-15, "\(back)")
  }

  @Test("a factor of 1e-10 and back comes to rest within 1e-15 (it was off by 1e-7)", arguments: [1e-10, 3e-5, 1e-300])
  func smallFactorReverses(factor: Double) throws {
    let forward = try Self.scaling(by: [Vector3(x: factor, y: 1, z: 1 / factor)])
    let back = forward.reversed().finalStates.appearing.scale
    #expect(abs(back.x - 1) <= 1e-15 && abs(back.z - 1) <= 1e-15, "\(back)")
    #expect(maxDifference(forward.reversed().finalStates, .identity) <= 1e-15)
  }

  @Test(
    "scales whose product leaves the normal range (0, subnormal, infinite) are not reversible",
    arguments: [[1e-200, 1e-200], [1e-160, 1e-160], [1e-160, 1e-160, 1e300], [1e200, 1e200]])
  func productOutOfRange(factors: [Double]) throws {
    let animation = try Self.scaling(by: factors.map { Vector3(x: 1, y: $0, z: 1) })
    #expect(!animation.keepsScalesReversible)
  }

  @Test(
    "scales whose product stays in the normal range are reversible", arguments: [[1e-150, 1e-150], [1e150, 1e-300]])
  func productInRange(factors: [Double]) throws {
    let animation = try Self.scaling(by: factors.map { Vector3(x: 1, y: $0, z: 1) })
    #expect(animation.keepsScalesReversible)
    #expect(maxDifference(animation.reversed().finalStates, .identity) <= 1e-15)
  }
}
