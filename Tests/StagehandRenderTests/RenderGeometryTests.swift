import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// What the renderer draws, checked against expectations computed from the geometry (the layer states the animation
/// model gives, and section 9 of stagehand_plugin.h), never against the renderer's own output.
@Suite("Rendering follows the geometry")
struct RenderGeometryTests {
  static let bounds = Rect(x: 0, y: 0, width: 64, height: 48)
  static let background = RGB(10, 20, 30)
  let from = TestPicture.noise(width: 64, height: 48, seed: 1)
  let to = TestPicture.noise(width: 64, height: 48, seed: 2)

  func draw(_ states: LayerStates, inverse: Bool = false, bounds: Rect = Self.bounds) -> Frame {
    let scene = Scene(
      bounds: bounds, width: 64, height: 48, background: Self.background, from: from.image, to: to.image)
    let frame = Frame(width: 64, height: 48)!
    FrameRenderer(scene: scene).draw(FrameStates(states, inverse: inverse), into: frame)
    return frame
  }

  func states(_ name: String, atFraction fraction: Double) throws -> LayerStates {
    let animation = try bundledRegistry.forward(Transition(name), in: TransitionContext(bounds: Self.bounds))
    return animation.sample(at: animation.duration * fraction)
  }

  /// The opacity as an 8-bit frame carries it.
  static func quantized(_ opacity: Double) -> Double { (opacity * 255).rounded() / 255 }

  @Test("cross-dissolve at its middle: 'to' over 'from' over the background, at the opacities the curve gives")
  func crossDissolve() throws {
    let states = try states("cross-dissolve", atFraction: 0.5)
    let a = Self.quantized(states.appearing.visibleOpacity)
    let b = Self.quantized(states.disappearing.visibleOpacity)
    #expect(a > 0.3 && a < 0.7 && b > 0.3 && b < 0.7, "both contents are half-way at the middle")
    let frame = draw(states)
    let background = [Self.background.r, Self.background.g, Self.background.b]
    var worst = 0.0
    for y in 0..<48 {
      for x in 0..<64 {
        let (f, t, pixel) = (from.channels(x, y), to.channels(x, y), frame[x, y].channels)
        for c in 0..<3 {
          let under = Double(f[c]) * b + Double(background[c]) * (1 - b)
          worst = max(worst, abs(Double(pixel[c]) - (Double(t[c]) * a + under * (1 - a))))
        }
        #expect(pixel[3] == 255)
      }
    }
    #expect(worst <= 1, "within 1/255 of source-over compositing")
  }

  @Test("fade-in at its middle: the per-pixel mix of the two pictures at the curve's opacity (the average at 0.5)")
  func fadeIn() throws {
    let states = try states("fade-in", atFraction: 0.5)
    let a = Self.quantized(states.appearing.visibleOpacity)
    #expect(states.disappearing.visibleOpacity == 1)
    let frame = draw(states)
    var worst = 0.0
    for y in 0..<48 {
      for x in 0..<64 {
        let (f, t, pixel) = (from.channels(x, y), to.channels(x, y), frame[x, y].channels)
        for c in 0..<3 { worst = max(worst, abs(Double(pixel[c]) - (Double(t[c]) * a + Double(f[c]) * (1 - a)))) }
      }
    }
    #expect(worst <= 1)
  }

  @Test(
    "push half-way: each picture shifted by exactly the layer's translation, pixel for pixel away from the seam",
    arguments: ["push", "push-from-left", "push-from-right", "push-from-top", "push-from-bottom"])
  func pushHalfway(name: String) throws {
    let states = try states(name, atFraction: 0.5)
    let shiftTo = states.appearing.translation
    let shiftFrom = states.disappearing.translation
    for value in [shiftTo.x, shiftTo.y, shiftFrom.x, shiftFrom.y] {
      try #require(value == value.rounded(), "half-way lands on whole pixels at 64x48")
    }
    #expect(shiftTo.x != 0 || shiftTo.y != 0)
    let frame = draw(states)
    var compared = 0
    for y in 0..<48 {
      for x in 0..<64 {
        let (tx, ty) = (x - Int(shiftTo.x), y - Int(shiftTo.y))
        let (fx, fy) = (x - Int(shiftFrom.x), y - Int(shiftFrom.y))
        let toInside = (1..<63).contains(tx) && (1..<47).contains(ty)
        let fromInside = (1..<63).contains(fx) && (1..<47).contains(fy)
        let nearSeam =
          (-1...64).contains(tx) && (-1...48).contains(ty) && !toInside
          || (-1...64).contains(fx) && (-1...48).contains(fy) && !fromInside
        guard !nearSeam else { continue }
        let expected = toInside ? to.channels(tx, ty) : fromInside ? from.channels(fx, fy) : nil
        if let expected {
          #expect(frame[x, y].channels == expected, "pixel (\(x), \(y))")
          compared += 1
        }
      }
    }
    #expect(compared > 64 * 48 * 3 / 4)
  }

  @Test(
    "flip at 90 degrees shows both contents edge-on: nothing but the background",
    arguments: ["flip", "flip-horizontally"])
  func flipEdgeOn(name: String) throws {
    let states = try states(name, atFraction: 0.5)
    for layer in [LayerID.appearing, .disappearing] {
      let quad = try #require(states.projectedCorners(of: layer, in: Self.bounds))
      let c = quad.corners
      let area = (0..<4).map { c[$0].x * c[($0 + 1) % 4].y - c[($0 + 1) % 4].x * c[$0].y }.reduce(0, +) / 2
      #expect(abs(area) < 1e-6, "the geometry has the \(layer) layer edge-on")
    }
    let frame = draw(states)
    let expected = RGBA(Self.background)
    #expect((0..<48).allSatisfy { y in (0..<64).allSatisfy { x in frame[x, y] == expected } })
  }

  @Test("a layer is clipped to the container: what lies outside is not drawn, whatever the container's origin")
  func clipping() {
    for bounds in [Self.bounds, Rect(x: 100, y: -50, width: 64, height: 48)] {
      for (dx, dy) in [(-20, 10), (30, -17), (64, 0), (-64, -48)] {
        var states = LayerStates.identity
        states.appearing.translation = Vector3(x: Double(dx), y: Double(dy), z: 0)
        let frame = draw(states, bounds: bounds)
        for y in 0..<48 {
          for x in 0..<64 {
            let (tx, ty) = (x - dx, y - dy)
            let expected = (0..<64).contains(tx) && (0..<48).contains(ty) ? to.channels(tx, ty) : from.channels(x, y)
            #expect(frame[x, y].channels == expected, "(\(x), \(y)) with the layer moved by (\(dx), \(dy))")
          }
        }
      }
    }
  }

  @Test("layers are one-sided: a layer turned to show its back is not drawn, one turned less than 90 degrees is")
  func oneSided() {
    for (angle, shows) in [(Double.pi, false), (0.6 * .pi, false), (0.3 * .pi, true), (-0.3 * .pi, true)] {
      var states = LayerStates.identity
      states.appearing.rotation = Rotation(angle: angle, axis: .yAxis)
      states.stage.perspective = 1.0 / 200
      let frame = draw(states)
      #expect((frame.decoded == from.picture) == !shows, "turned by \(angle) radians")
    }
  }

  @Test("a layer with a corner at or behind the camera is not drawn; in front of it, it is")
  func behindTheCamera() {
    for (z, shows) in [(-250.0, false), (-200.0, false), (-100.0, true)] {
      var states = LayerStates.identity
      states.stage.perspective = 1.0 / 200
      states.appearing.translation = Vector3(x: 0, y: 0, z: z)
      let frame = draw(states)
      #expect((frame.decoded == from.picture) == !shows, "at depth \(z) with the camera at -200")
    }
  }

  @Test("the layer the states put on top is drawn above the other, in a forward and in an inverse")
  func stacking() {
    // A forward animation starts with the appearing layer ('to') on top; an inverse with the disappearing one ('to').
    #expect(draw(.identity).decoded == to.picture)
    var inverse = LayerStates.identity
    inverse.onTop = .disappearing
    #expect(draw(inverse, inverse: true).decoded == to.picture)
    // Exchanged (a reveal): the content that leaves is drawn on top.
    var reveal = LayerStates.identity
    reveal.onTop = .disappearing
    #expect(draw(reveal).decoded == from.picture)
    #expect(draw(.identity, inverse: true).decoded == from.picture)
  }

  @Test(
    "a layer turned in perspective shows, inside its quad, the picture at the point the projection gives",
    arguments: [Vector3.yAxis, .xAxis, Vector3(x: 1, y: 1, z: 0.3)])
  func perspective(axis: Vector3) throws {
    // A picture linear in its pixel centres (red 2x, green 2y), which bilinear filtering reproduces exactly.
    var rgba: [UInt8] = []
    for y in 0..<48 { for x in 0..<64 { rgba += [UInt8(2 * x), UInt8(2 * y), 100, 255] } }
    let linear = PixelImage(width: 64, height: 48, rgba: rgba)!
    let scene = Scene(
      bounds: Self.bounds, width: 64, height: 48, background: Self.background, from: from.image, to: linear)
    for angle in [0.2, 0.5, 1.2, -0.9] {
      var states = LayerStates.identity
      states.disappearing.opacity = 0
      states.stage.perspective = 1.0 / 150
      states.appearing.rotation = Rotation(angle: angle, axis: axis)
      let frame = Frame(width: 64, height: 48)!
      FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: frame)
      // The inverse of the layer's projection, from the model's transform (rows and columns 1, 2 and 4).
      let t = states.transform(of: .appearing, in: Self.bounds)
      let m = [[t.m11, t.m12, t.m14], [t.m21, t.m22, t.m24], [t.m41, t.m42, t.m44]]
      // One 8-bit step, plus 2 levels per pixel times the position's error: pixman's bilinear weights have 1/128 pixel
      // steps, and a layer turned about a slanted axis is drawn in affine pieces within 1/32 pixel.
      let tolerance = 1 + 2 * (1.0 / 128 + LayerPlacementTolerance.pieces)
      // Solve m * (u, v, 1) = s * (px, py, 1) for the layer point (u, v) drawn at frame point (px, py).
      func layerPoint(_ px: Double, _ py: Double) -> (u: Double, v: Double) {
        let a = [
          [m[0][0] - px * m[2][0], m[0][1] - px * m[2][1]], [m[1][0] - py * m[2][0], m[1][1] - py * m[2][1]],
        ]
        let b = [px * m[2][2] - m[0][2], py * m[2][2] - m[1][2]]
        let det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
        return ((b[0] * a[1][1] - a[0][1] * b[1]) / det, (a[0][0] * b[1] - b[0] * a[1][0]) / det)
      }
      var checked = 0
      for y in 0..<48 {
        for x in 0..<64 {
          let (u, v) = layerPoint(Double(x) + 0.5, Double(y) + 0.5)
          guard u > 1.5, u < 62.5, v > 1.5, v < 46.5 else { continue }
          // The whole pixel lies on the layer (an edge pixel is antialiased by the part the layer covers): its
          // corners do, and the layer's quad is convex.
          let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { layerPoint(Double(x) + $0.0, Double(y) + $0.1) }
          guard corners.allSatisfy({ $0.u > 0 && $0.u < 64 && $0.v > 0 && $0.v < 48 }) else { continue }
          let pixel = frame[x, y]
          #expect(abs(Double(pixel.r) - 2 * (u - 0.5)) <= tolerance, "(\(x), \(y)) at \(angle) rad: red")
          #expect(abs(Double(pixel.g) - 2 * (v - 0.5)) <= tolerance, "(\(x), \(y)) at \(angle) rad: green")
          checked += 1
        }
      }
      #expect(checked > 300, "\(checked) pixels inside the quad at \(angle) rad")
    }
  }
}

/// The renderer's stated precision for perspective drawn in affine pieces, in pixels (LayerPlacement.pieceTolerance).
enum LayerPlacementTolerance {
  static let pieces = 1.0 / 32
}
