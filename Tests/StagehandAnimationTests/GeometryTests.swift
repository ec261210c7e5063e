import StagehandAnimation
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Geometry, transforms and projection")
struct GeometryTests {
  static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)

  static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  @Test("rotation applies about the anchor point, whatever translation has built up")
  func rotationAboutAnchor() throws {
    // Anchor at the top-left corner, moved 50 points right, then a quarter turn about z (clockwise on screen).
    let animation = Animation(steps: [
      try Step(duration: 0, changes: [.init(.appearing, .moveAnchor(Point(x: -0.5, y: -0.5)))]),
      try Step(
        duration: 1, curve: .linear,
        changes: [
          .init(.appearing, .translate(Vector3(x: 50, y: 0, z: 0))),
          .init(.appearing, .rotate(angle: .pi / 2, axis: .zAxis)),
        ]),
    ])
    let quad = try #require(animation.finalStates.projectedCorners(of: .appearing, in: Self.bounds))
    #expect(Self.close(quad.topLeft, Point(x: 50, y: 0)))  // the anchor stays put
    #expect(Self.close(quad.topRight, Point(x: 50, y: 200)))
    #expect(Self.close(quad.bottomRight, Point(x: -50, y: 200)))
    #expect(Self.close(quad.bottomLeft, Point(x: -50, y: 0)))
    // Half way, the layer has turned by π/4 about the same anchor.
    let half = try #require(animation.sample(at: 0.5).projectedCorners(of: .appearing, in: Self.bounds))
    #expect(Self.close(half.topLeft, Point(x: 25, y: 0)))
    #expect(Self.close(half.topRight, Point(x: 25 + 200 / 2.0.squareRoot(), y: 200 / 2.0.squareRoot())))
  }

  @Test("scale applies about the anchor point")
  func scaleAboutAnchor() throws {
    let animation = Animation(steps: [
      try Step(duration: 0, changes: [.init(.disappearing, .scale(Vector3(x: 0.5, y: 0.5, z: 1)))])
    ])
    let quad = try #require(animation.finalStates.projectedCorners(of: .disappearing, in: Self.bounds))
    #expect(Self.close(quad.topLeft, Point(x: 50, y: 25)))
    #expect(Self.close(quad.bottomRight, Point(x: 150, y: 75)))
  }

  @Test("perspective projection of a point towards the camera and of a half-turned flip")
  func perspectiveProjection() throws {
    let p = try #require(Transform3D.perspective(cameraDistance: 500).project(Vector3(x: 40, y: -20, z: -100)))
    #expect(abs(p.x - 50) < 1e-12 && abs(p.y + 25) < 1e-12)  // divided by w = 1 - 100/500 = 0.8
    #expect(Transform3D.perspective(cameraDistance: 500).project(Vector3(x: 0, y: 0, z: -500)) == nil)

    // A layer turned by π/3 about the vertical axis through its centre, seen from 400 points away.
    let d = 400.0
    let angle = Double.pi / 3
    let animation = Animation(steps: [
      try Step(
        duration: 0,
        changes: [
          .init(.stage, .changePerspective(1 / d)), .init(.appearing, .rotate(angle: angle, axis: .yAxis)),
        ])
    ])
    let quad = try #require(animation.finalStates.projectedCorners(of: .appearing, in: Self.bounds))
    // The right edge (x = +100 from the centre) turns to x' = 100 cos θ, z' = -100 sin θ: towards the camera.
    let wRight = 1 - 100 * sin(angle) / d
    let wLeft = 1 + 100 * sin(angle) / d
    #expect(Self.close(quad.topRight, Point(x: 100 + 100 * cos(angle) / wRight, y: 50 - 50 / wRight)))
    #expect(Self.close(quad.topLeft, Point(x: 100 - 100 * cos(angle) / wLeft, y: 50 - 50 / wLeft)))
    #expect(quad.topRight.y < quad.topLeft.y, "the nearer edge looks taller")
  }

  @Test("the transform convention: a * b applies b first")
  func productOrder() throws {
    let t = Transform3D.translation(Vector3(x: 10, y: 0, z: 0)) * .scale(Vector3(x: 2, y: 2, z: 2))
    let p = try #require(t.project(Vector3(x: 1, y: 1, z: 0)))
    #expect(p == Vector3(x: 12, y: 2, z: 0))
  }

  @Test("sine, cosine and arc tangent agree with the C library", arguments: 0..<4)
  func elementaryFunctions(seedOffset: Int) {
    var random = SeededGenerator(seed: 0xA11CE &+ UInt64(seedOffset))
    for _ in 0..<10_000 {
      let angle = Double.random(in: -1000...1000, using: &random)
      let r = Rotation(angle: angle, axis: .zAxis)
      // The quaternion of a rotation about z is (cos(θ/2), 0, 0, sin(θ/2)).
      #expect(abs(r.w - cos(angle / 2)) <= 1e-13 && abs(r.z - sin(angle / 2)) <= 1e-13, "angle \(angle)")
      let small = Double.random(in: -2 * .pi...2 * .pi, using: &random)
      let turn = Rotation(angle: small, axis: Vector3(x: 0, y: 3, z: 0))
      #expect(abs(turn.angle - abs(small)) <= 1e-12, "angle \(small)")
      #expect(abs(turn.axis.y - (small < 0 ? -1 : 1)) <= 1e-12 || small == 0)
    }
  }

  @Test("opacity is stored unclamped and shown clamped")
  func opacityClamping() throws {
    let animation = Animation(steps: [try Step(duration: 1, changes: [.init(.appearing, .fade(-1.5))])])
    #expect(animation.finalStates.appearing.opacity == -0.5)
    #expect(animation.finalStates.appearing.visibleOpacity == 0)
    #expect(animation.reversed().finalStates.appearing.opacity == 1)
  }

  @Test("bounds must be finite and non-empty")
  func boundsValidation() throws {
    #expect(throws: AnimationError.emptyBounds(Rect(x: 0, y: 0, width: 0, height: 10))) {
      try Rect(x: 0, y: 0, width: 0, height: 10).validatedAsBounds()
    }
    #expect(throws: AnimationError.nonFinite(value: "bounds x", .infinity)) {
      try Rect(x: .infinity, y: 0, width: 1, height: 1).validatedAsBounds()
    }
    #expect(try Self.bounds.validatedAsBounds() == Self.bounds)
  }
}
