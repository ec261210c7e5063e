import Foundation
import StagehandAnimation
import StagehandRender
import StagehandTestSupport
import Testing

/// ABI 1.1 in pixels: clips, draw order, the backdrop and the end rule, through a real plugin compiled from C
/// (`StageEffectFixture`), drawn by the real renderer.
@Suite("ABI 1.1 rendering")
struct StageEffectRenderTests {
  static let width = 200
  static let height = 100
  static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
  static let fromColor = RGB(200, 30, 0)
  static let toColor = RGB(0, 40, 220)
  static let background = RGB(0, 255, 0)

  static let scene = Scene(
    bounds: bounds, width: width, height: height, background: background,
    from: solidPicture(width: width, height: height, fromColor), to: solidPicture(width: width, height: height, toColor)
  )

  /// The frame of `animation` at `time`.
  static func draw(_ animation: Animation, at time: Double, inverse: Bool = false, scene: Scene = scene) -> Frame {
    let frame = Frame(width: scene.width, height: scene.height)!
    FrameRenderer(scene: scene).draw(FrameStates(animation, at: time, inverse: inverse), into: frame)
    return frame
  }

  /// How many pixels of `frame` are exactly `color`.
  static func count(_ color: RGB, in frame: Frame) -> Int {
    var n = 0
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame[x, y] == RGBA(color) { n += 1 }
    }
    return n
  }

  @Test("a linear wipe at exactly half its time covers exactly the left half of the container")
  func wipeHalf() throws {
    let wipe = try StageEffectFixture.forward(.wipe, in: Self.bounds)
    #expect(wipe.duration == 0.5)
    let frame = Self.draw(wipe, at: 0.25)
    let covered = Self.count(Self.toColor, in: frame)
    #expect(abs(Double(covered) / Double(Self.height) - Double(Self.width) / 2) <= 1, "\(covered) pixels")
    // Every row: the appearing colour on the left, the disappearing one on the right.
    for y in stride(from: 0, to: Self.height, by: 7) {
      #expect(frame[98, y] == RGBA(Self.toColor))
      #expect(frame[101, y] == RGBA(Self.fromColor))
    }
    // At a quarter, a quarter.
    let quarter = Self.count(Self.toColor, in: Self.draw(wipe, at: 0.125))
    #expect(abs(Double(quarter) / Double(Self.height) - Double(Self.width) / 4) <= 1, "\(quarter) pixels")
    // Right to left, the wipe starts from the right edge.
    let rtl = try StageEffectFixture.plugin.get().forward(
      styleIndex: StageEffectFixture.Style.wipe.rawValue, values: [],
      in: TransitionContext(bounds: Self.bounds, layoutDirection: .rightToLeft))
    let mirrored = Self.draw(rtl, at: 0.25)
    #expect(mirrored[101, 50] == RGBA(Self.toColor))
    #expect(mirrored[98, 50] == RGBA(Self.fromColor))
  }

  @Test("an iris at a known time has the known radius: the appearing colour inside, the other outside")
  func iris() throws {
    let iris = try StageEffectFixture.forward(.iris, in: Self.bounds)
    for fraction in [0.2, 0.5, 0.8] {
      let frame = Self.draw(iris, at: 0.5 * fraction)
      let halfDiagonal = (200.0 * 200 + 100 * 100).squareRoot() / 2
      let radius = fraction * halfDiagonal
      var inside = 0
      var outside = 0
      for y in 0..<Self.height {
        for x in 0..<Self.width {
          let d = ((Double(x) + 0.5 - 100) * (Double(x) + 0.5 - 100) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50))
            .squareRoot()
          if d < radius - 1 {
            inside += 1
            if frame[x, y] != RGBA(Self.toColor) { Issue.record("(\(x), \(y)) at \(d) < \(radius) is \(frame[x, y])") }
          } else if d > radius + 1 {
            outside += 1
            if frame[x, y] != RGBA(Self.fromColor) {
              Issue.record("(\(x), \(y)) at \(d) > \(radius) is \(frame[x, y])")
            }
          }
        }
      }
      #expect(inside > 0)
      #expect(outside > 0)
    }
  }

  @Test("an uncover draws the disappearing content on top while it slides away")
  func uncover() throws {
    let uncover = try StageEffectFixture.forward(.uncover, in: Self.bounds)
    let frame = Self.draw(uncover, at: 0.2)
    for y in stride(from: 0, to: Self.height, by: 9) {
      for x in 0..<Self.width {
        let expected = x < 100 ? Self.toColor : Self.fromColor
        #expect(frame[x, y] == RGBA(expected), "(\(x), \(y))")
      }
    }
    // At its start, the disappearing content covers everything: it is on top.
    #expect(Self.count(Self.fromColor, in: Self.draw(uncover, at: 0)) == Self.width * Self.height)
    // The derived inverse slides it back over, on top again, and ends on the revealed content alone.
    let inverse = try StageEffectFixture.inverse(.uncover, in: Self.bounds)
    let back = Self.draw(inverse, at: 0.2, inverse: true)
    #expect(back[50, 50] == RGBA(Self.toColor))
    #expect(back[150, 50] == RGBA(Self.fromColor))
  }

  @Test("a fade through black is black at its middle, over a backdrop that does not move with the stage")
  func fadeThroughBlack() throws {
    let fade = try StageEffectFixture.forward(.fadeBlack, in: Self.bounds)
    #expect(Self.count(RGB(0, 0, 0), in: Self.draw(fade, at: 0.3)) == Self.width * Self.height)
    // A quarter of the way: the old content at half its opacity over black (not over the green background).
    let quarter = Self.draw(fade, at: 0.15)
    let expected = RGBA(100, 15, 0)
    for (x, y) in [(0, 0), (100, 50), (199, 99)] {
      let p = quarter[x, y]
      #expect(abs(Int(p.r) - Int(expected.r)) <= 1 && abs(Int(p.g) - Int(expected.g)) <= 1 && p.b == 0 && p.a == 255)
    }
    // The end: the new content, opaque.
    #expect(Self.count(Self.toColor, in: Self.draw(fade, at: 0.6)) == Self.width * Self.height)
    // The backdrop covers the container even where the stage has moved the contents away.
    var states = fade.sample(at: 0.3)
    states.stage.translation = Vector3(x: 500, y: 0, z: 0)
    let moved = Frame(width: Self.width, height: Self.height)!
    FrameRenderer(scene: Self.scene).draw(FrameStates(states, inverse: false), into: moved)
    #expect(Self.count(RGB(0, 0, 0), in: moved) == Self.width * Self.height)
    // Half a backdrop: the colour at half its opacity over the background.
    var half = LayerStates.identity
    half.appearing.opacity = 0
    half.disappearing.opacity = 0
    half.backdrop = Backdrop(red: 1, green: 1, blue: 1, opacity: 0.5)
    FrameRenderer(scene: Self.scene).draw(FrameStates(half, inverse: false), into: moved)
    let p = moved[10, 10]
    #expect(abs(Int(p.r) - 128) <= 1 && p.g == 255 && abs(Int(p.b) - 128) <= 1, "\(p)")
  }

  @Test("rounded corners and an inset rectangle intersected with an off-centre ellipse, as Clip.contains says")
  func roundedAndEllipse() throws {
    let rounded = try StageEffectFixture.forward(.rounded, in: Self.bounds)
    let clip = rounded.sample(at: 0.25).appearing.clip
    #expect(clip.visibleCornerRadius(in: Self.bounds) == 20)
    let frame = Self.draw(rounded, at: 0.25)
    var inside = 0
    var outside = 0
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        // Surely in or out: the pixel's centre and every point a pixel and a half around it agree.
        let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let around = (0..<16).map { k -> Point in
          let a = Double(k) * Double.pi / 8
          return Point(x: centre.x + 1.5 * cos(a), y: centre.y + 1.5 * sin(a))
        }
        let verdicts = Set(([centre] + around).map { clip.contains($0, in: Self.bounds) })
        guard verdicts.count == 1 else { continue }
        let expected = verdicts.first! ? Self.toColor : Self.fromColor
        if verdicts.first! { inside += 1 } else { outside += 1 }
        if frame[x, y] != RGBA(expected) { Issue.record("(\(x), \(y)) is \(frame[x, y]), expected \(expected)") }
      }
    }
    #expect(inside > 3000)
    #expect(outside > 3000)
    // The rounded top-right corner (the ellipse holds it): its very corner is cut, a point 14 points from the
    // corner's centre (160, 30) is not.
    #expect(frame[178, 11] == RGBA(Self.fromColor))
    #expect(frame[170, 20] == RGBA(Self.toColor))
    // The ellipse (centre x = 130, radius 0.6 half-diagonals = 67.08 points) cuts the left end; the inset the right.
    #expect(frame[61, 50] == RGBA(Self.fromColor))
    #expect(frame[66, 50] == RGBA(Self.toColor))
    #expect(frame[178, 50] == RGBA(Self.toColor))
    #expect(frame[181, 50] == RGBA(Self.fromColor))
  }

  @Test("the end: the last frame shows the revealed content alone, whatever state the leaving content ends in")
  func lastFrame() throws {
    let from = TestPicture.noise(width: Self.width, height: Self.height, seed: 11)
    let to = TestPicture.noise(width: Self.width, height: Self.height, seed: 12)
    let scene = Scene(
      bounds: Self.bounds, width: Self.width, height: Self.height, background: Self.background, from: from.image,
      to: to.image)
    func frames(_ animation: Animation, inverse: Bool) -> [DecodedPicture] {
      let renderer = FrameRenderer(scene: scene)
      return RenderJob.frames(of: animation, inverse: inverse, fps: 30).map { states in
        let frame = Frame(width: Self.width, height: Self.height)!
        renderer.draw(states, into: frame)
        return frame.decoded
      }
    }
    // Own inverses: one leaves the leaving content transparent, the other leaves it opaque, at rest, on top.
    for style in [StageEffectFixture.Style.slideFade, .slideStay] {
      let inverse = try StageEffectFixture.inverse(style, in: Self.bounds)
      let end = inverse.sample(at: inverse.duration)
      if style == .slideStay {
        #expect(end.disappearing.visibleOpacity == 1 && end.onTop == .disappearing, "the leaving content would show")
      }
      let pictures = frames(inverse, inverse: true)
      #expect(pictures.last == from.picture, "\(style): the pop ends on the revealed content alone")
      #expect(pictures[pictures.count - 2] != from.picture, "\(style): the frame before still shows the leaving one")
      // Sampled after the end, too.
      let after = Frame(width: Self.width, height: Self.height)!
      FrameRenderer(scene: scene).draw(FrameStates(inverse, at: inverse.duration + 1, inverse: true), into: after)
      #expect(after.decoded == from.picture)
    }
    // A forward animation that leaves the disappearing content half transparent on top: gone at the end.
    let lingering = try StageEffectFixture.forward(.lingering, in: Self.bounds)
    let pictures = frames(lingering, inverse: false)
    #expect(pictures.last == to.picture)
    #expect(pictures[pictures.count - 2] != to.picture)
    // The derived inverse of the uncover ends on the revealed content, and the forward on the new one.
    let uncover = try StageEffectFixture.inverse(.uncover, in: Self.bounds)
    #expect(frames(uncover, inverse: true).last == from.picture)
    #expect(frames(try StageEffectFixture.forward(.uncover, in: Self.bounds), inverse: false).last == to.picture)
  }
}
