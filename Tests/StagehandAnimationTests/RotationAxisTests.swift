import StagehandAnimation
import StagehandTestSupport
import Testing

/// Rotation axes at the ends of the range of doubles: any finite non-zero axis is normalized to length 1, however
/// long or short. Found by Fuzz/Harnesses/FuzzDescriptor (Fuzz/Corpus/FuzzDescriptor/regression-huge-axis): an axis
/// with components near 1e308 squared to infinity, normalized to (-0, -0, 0), and the rotation it made was no
/// rotation at all (a quaternion of length 0.97), so no inverse came back to rest.
@Suite("Rotation axes at the ends of the range")
struct RotationAxisTests {
  static func rotating(about axis: Vector3, by angle: Double = 6.75) throws -> Animation {
    try Animation(steps: [Step(duration: 0.5, changes: [Step.Change(.disappearing, .rotate(angle: angle, axis: axis))])]
    )
  }

  static func unitLength(_ v: Vector3) -> Double { (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot() }

  @Test(
    "a huge or tiny axis is stored with length 1 and rotates like the same direction of ordinary length",
    arguments: [
      Vector3(x: -1e308, y: -1e308, z: 1e308), Vector3(x: 1.7e308, y: 0, z: 0), Vector3(x: 1e155, y: 2e155, z: 0),
      Vector3(x: 1e-170, y: 0, z: 0), Vector3(x: 5e-324, y: 5e-324, z: 0), Vector3(x: 0, y: -2.5e-320, z: 1e-310),
    ])
  func extremeAxis(_ axis: Vector3) throws {
    let animation = try Self.rotating(about: axis)
    guard case .rotate(_, let stored) = animation.steps[0].changes[0].change else {
      Issue.record("not a rotation: \(animation.steps[0])")
      return
    }
    #expect(abs(Self.unitLength(stored) - 1) <= 1e-15, "\(stored)")
    let largest = Swift.max(abs(axis.x), abs(axis.y), abs(axis.z))
    let ordinary = try Self.rotating(about: Vector3(x: axis.x / largest, y: axis.y / largest, z: axis.z / largest))
    #expect(maxDifference(animation.finalStates, ordinary.finalStates) <= 1e-15)
    let rotation = animation.finalStates.disappearing.rotation
    let norm = (rotation.w * rotation.w + rotation.x * rotation.x + rotation.y * rotation.y + rotation.z * rotation.z)
    #expect(abs(norm - 1) <= 1e-15, "\(rotation)")
    #expect(maxDifference(animation.reversed().finalStates, .identity) <= 1e-15)
  }

  @Test("the length of a vector neither overflows nor underflows (within rounding)")
  func length() {
    #expect(abs(Vector3(x: 3e200, y: 4e200, z: 0).length / 5e200 - 1) <= 1e-15)
    #expect(abs(Vector3(x: 3e-200, y: 4e-200, z: 0).length / 5e-200 - 1) <= 1e-15)
    #expect(Vector3(x: 0, y: 0, z: 0).length == 0)
    #expect(Vector3(x: 3, y: 4, z: 0).length == 5)
    #expect(Vector3(x: -5e-324, y: 0, z: 0).length == 5e-324)
  }

  @Test("a zero axis is still refused")
  func zeroAxis() {
    #expect(throws: AnimationError.zeroRotationAxis(layer: .disappearing)) {
      try Self.rotating(about: Vector3(x: 0, y: -0.0, z: 0))
    }
  }
}
