import StagehandAnimation
import Testing

/// An animation is finite only if every sample is: a curve that overshoots multiplies each change of its step
/// mid-step (found by fuzzing the descriptor: a rotation by -1e308 on a curve that dips to -10 sampled NaN).
@Suite("Finiteness within a step whose curve overshoots")
struct OvershootFinitenessTests {
  static func animation(_ change: LayerChange, curve: TimingCurve) throws -> Animation {
    Animation(steps: [try Step(duration: 0.5, curve: curve, changes: [Step.Change(.appearing, change)])])
  }

  @Test("a change whose product with the curve's lowest or highest value overflows is not finite")
  func overflowMidStep() throws {
    let dips = try TimingCurve(x1: 0, y1: -10, x2: 1, y2: -9.875)
    let rises = try TimingCurve(x1: 0, y1: 10, x2: 1, y2: 11)
    let overflowing = try Self.animation(.rotate(angle: -1e308, axis: Vector3(x: 0, y: 0, z: 1)), curve: dips)
    #expect(!overflowing.isFinite)
    #expect(overflowing.finalStates.isFinite, "the ends alone are finite: the check must look inside the step")
    #expect(!(try Self.animation(.translate(Vector3(x: 1e308, y: 0, z: 0)), curve: rises)).isFinite)
    #expect(!(try Self.animation(.fade(-1e308), curve: dips)).isFinite)
  }

  @Test("large changes on curves within [0, 1], and overshooting curves on ordinary changes, stay finite")
  func finite() throws {
    let dips = try TimingCurve(x1: 0, y1: -10, x2: 1, y2: -9.875)
    #expect(try Self.animation(.rotate(angle: 3, axis: Vector3(x: 0, y: 1, z: 0)), curve: dips).isFinite)
    #expect(try Self.animation(.translate(Vector3(x: 1e307, y: 0, z: 0)), curve: .easeInOut).isFinite)
    #expect(try Self.animation(.translate(Vector3(x: 1e307, y: 0, z: 0)), curve: dips).isFinite)
  }
}
