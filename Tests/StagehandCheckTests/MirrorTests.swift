import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandCheck

/// The mirror the layout-direction rule expects of a right-to-left build.
@Suite("stagehand check: a layer's mirror about the container's middle")
struct MirrorTests {
  @Test("the mirrored state's transform is the layer's transform seen in the mirror, for seeded random states")
  func transformIsMirrored() {
    var generator = SeededGenerator(seed: UInt64.random(in: 0...UInt64.max))
    let seed = generator.seed
    for _ in 0..<500 {
      let bounds = Rect(
        x: Double.random(in: -50...50, using: &generator), y: Double.random(in: -50...50, using: &generator),
        width: Double.random(in: 1...1000, using: &generator), height: Double.random(in: 1...1000, using: &generator))
      var state = LayerState()
      state.translation = Vector3(
        x: Double.random(in: -500...500, using: &generator), y: Double.random(in: -500...500, using: &generator),
        z: Double.random(in: -500...500, using: &generator))
      state.rotation = Rotation(
        angle: Double.random(in: -4...4, using: &generator),
        axis: Vector3(
          x: Double.random(in: -1...1, using: &generator), y: Double.random(in: -1...1, using: &generator),
          z: Double.random(in: -1...1, using: &generator)))
      state.scale = Vector3(
        x: Double.random(in: 0.1...3, using: &generator), y: Double.random(in: 0.1...3, using: &generator), z: 1)
      state.anchor = Point(
        x: Double.random(in: -1...2, using: &generator), y: Double.random(in: -1...2, using: &generator))
      // The mirror about x = middle: move the middle to 0, negate x, move it back.
      let middle = bounds.origin.x + bounds.size.width / 2
      let mirror =
        Transform3D.translation(Vector3(x: middle, y: 0, z: 0)) * .scale(Vector3(x: -1, y: 1, z: 1))
        * .translation(Vector3(x: -middle, y: 0, z: 0))
      let expected = mirror * state.transform(in: bounds) * mirror
      let actual = PluginChecker.mirrored(state).transform(in: bounds)
      let pairs = [
        (expected.m11, actual.m11), (expected.m12, actual.m12), (expected.m13, actual.m13),
        (expected.m14, actual.m14), (expected.m21, actual.m21), (expected.m22, actual.m22),
        (expected.m23, actual.m23), (expected.m24, actual.m24), (expected.m31, actual.m31),
        (expected.m32, actual.m32), (expected.m33, actual.m33), (expected.m34, actual.m34),
      ]
      #expect(
        pairs.allSatisfy { abs($0.0 - $0.1) <= 1e-9 * max(1, abs($0.0)) }, "seed \(seed): \(state) in \(bounds)")
    }
  }

  @Test("a clip's left and right insets change places and its ellipse's centre moves to the other side")
  func clipIsMirrored() {
    var state = LayerState()
    state.clip.insets = Insets(top: 0.1, right: 0.2, bottom: 0.3, left: 0.4)
    state.clip.ellipseCentre = Point(x: 0.25, y: 0.6)
    let mirrored = PluginChecker.mirrored(state)
    #expect(mirrored.clip.insets == Insets(top: 0.1, right: 0.4, bottom: 0.3, left: 0.2))
    #expect(mirrored.clip.ellipseCentre == Point(x: 0.75, y: 0.6))
    #expect(PluginChecker.mirrored(mirrored) == state)
  }
}
