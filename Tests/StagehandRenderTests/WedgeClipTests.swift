import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// The clip's wedge (ABI 1.2) in the renderer: the bundled clock wipe at a quarter, half and three quarters of its
/// time, and random wedges on every path the renderer draws a layer by.
@Suite("Wedge clips in the renderer")
struct WedgeClipTests {
  static let bounds = Rect(x: 0, y: 0, width: 160, height: 120)
  static let toColor = RGB(10, 60, 230)
  static let fromColor = RGB(240, 20, 20)

  /// The direction, clockwise from 12 o'clock in radians within [0, 2 pi), of the point (x, y) seen from (cx, cy).
  static func clockAngle(_ x: Double, _ y: Double, from cx: Double, _ cy: Double) -> Double {
    let a = atan2(x - cx, cy - y)
    return a < 0 ? a + 2 * .pi : a
  }

  @Test(
    "the clock wipe at 25, 50 and 75 % shows the new content in the wedge swept so far, the old one elsewhere",
    arguments: [
      ("clock-wipe-clockwise", 0.0, false), ("clock-wipe-counter-clockwise", 0.0, true),
      ("clock-wipe-from-three", Double.pi / 2, false),
    ])
  func clockWipe(name: String, start: Double, counterClockwise: Bool) throws {
    let width = Int(Self.bounds.size.width)
    let height = Int(Self.bounds.size.height)
    let animation = try bundledRegistry.forward(
      Transition(name, parameters: ["curve": "linear"]), in: TransitionContext(bounds: Self.bounds))
    let scene = solidScene(Self.bounds, background: RGB(0, 0, 0), from: Self.fromColor, to: Self.toColor)
    let renderer = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    let (cx, cy) = (Self.bounds.size.width / 2, Self.bounds.size.height / 2)
    for fraction in [0.25, 0.5, 0.75] {
      renderer.draw(FrameStates(animation.sample(at: animation.duration * fraction), inverse: false), into: frame)
      let swept = fraction * 2 * .pi
      var checked = (new: 0, old: 0)
      // Pixels whose centre lies more than 1.5 pixels from both edges of the wedge and from its centre.
      for y in 0..<height {
        for x in 0..<width {
          let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
          let r = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
          guard r > 4 else { continue }
          // The angle from the hand's start, in its direction of travel.
          var a = Self.clockAngle(px, py, from: cx, cy) - start
          if counterClockwise { a = -a }
          a = a.truncatingRemainder(dividingBy: 2 * .pi)
          if a < 0 { a += 2 * .pi }
          let margin = 1.5 / r
          guard a > margin, abs(a - swept) > margin, a < 2 * .pi - margin else { continue }
          let expected = a < swept ? RGBA(Self.toColor) : RGBA(Self.fromColor)
          if a < swept { checked.new += 1 } else { checked.old += 1 }
          guard frame[x, y] == expected else {
            Issue.record("\(name) at \(fraction): pixel (\(x), \(y)) is \(frame[x, y]), expected \(expected)")
            return
          }
        }
      }
      // The share of pixels showing the new content follows the swept share of the turn.
      #expect(checked.new > 0 && checked.old > 0)
    }
  }

  @Test("seeded: random wedges on every drawing path: points well inside show the layer, points well outside do not")
  func randomized() throws {
    let checked = ClipGeometryTests.probeRandomClips(seed: SeededGenerator.testSeed(0x00C1_0C4E)) { kind, g in
      var states = ClipGeometryTests.place(kind, &g)
      states.appearing.clip.wedgeCentre = Point(
        x: .random(in: 0.2...0.8, using: &g), y: .random(in: 0.2...0.8, using: &g))
      states.appearing.clip.wedgeStart = .random(in: -7...7, using: &g)
      states.appearing.clip.wedgeSweep = .random(in: 0.3...6.2, using: &g)
      return states
    }
    #expect(checked.inside > 500)
    #expect(checked.outside > 1000)
  }

  @Test("a wedge of a whole turn or more cuts nothing, whatever its start; one of sweep 0 or less draws nothing")
  func noCut() {
    var clip = Clip.none
    clip.wedgeStart = 1.3
    clip.wedgeCentre = Point(x: 0.1, y: 0.9)
    for sweep in [Clip.fullTurn, 7.0, 100.0] {
      clip.wedgeSweep = sweep
      #expect(!clip.cutsAnything(in: Self.bounds) && !clip.isEmpty)
    }
    for sweep in [0.0, -0.1, -7.0] {
      clip.wedgeSweep = sweep
      #expect(clip.isEmpty && !clip.contains(Point(x: 80, y: 60), in: Self.bounds))
    }
  }
}
