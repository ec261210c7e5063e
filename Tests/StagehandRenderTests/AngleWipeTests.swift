import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// The bundled angle-wipe (a wedge of sweep pi, ABI 1.2) in the renderer: a straight edge travelling at its angle.
@Suite("angle-wipe in the renderer")
struct AngleWipeTests {
  static let bounds = Rect(x: 0, y: 0, width: 160, height: 120)
  static let toColor = RGB(10, 60, 230)
  static let fromColor = RGB(240, 20, 20)

  @Test(
    "a linear angle wipe at 25, 50 and 75 %: the new content behind the edge, the old one ahead of it",
    arguments: [("angle-wipe-from-top-left", 135.0), ("angle-wipe-from-bottom-left", 45.0), ("angle-wipe", 200.0)])
  func wipe(name: String, angle: Double) throws {
    let width = Int(Self.bounds.size.width)
    let height = Int(Self.bounds.size.height)
    var parameters = ["curve": "linear"]
    if name == "angle-wipe" { parameters["angle"] = "\(angle)" }
    let animation = try bundledRegistry.forward(
      Transition(name, parameters: parameters), in: TransitionContext(bounds: Self.bounds))
    let scene = solidScene(Self.bounds, background: RGB(0, 0, 0), from: Self.fromColor, to: Self.toColor)
    let renderer = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    // The edge's direction of travel, in points (0 up, clockwise), and how far the layer reaches along it.
    let a = angle * Double.pi / 180
    let (ux, uy) = (sin(a), -cos(a))
    let (w, h) = (Self.bounds.size.width, Self.bounds.size.height)
    let reach = (abs(ux) * w + abs(uy) * h) / 2
    for fraction in [0.25, 0.5, 0.75] {
      renderer.draw(FrameStates(animation.sample(at: animation.duration * fraction), inverse: false), into: frame)
      // The edge crosses the layer's own extent (from -reach to +reach about its centre), plus the 2-point margins.
      let edge = -(reach + 2) + 2 * (reach + 2) * fraction
      var checked = (new: 0, old: 0)
      for y in 0..<height {
        for x in 0..<width {
          let along = (Double(x) + 0.5 - w / 2) * ux + (Double(y) + 0.5 - h / 2) * uy - edge
          guard abs(along) > 1.5 else { continue }
          let expected = along < 0 ? RGBA(Self.toColor) : RGBA(Self.fromColor)
          if along < 0 { checked.new += 1 } else { checked.old += 1 }
          guard frame[x, y] == expected else {
            Issue.record("\(name) at \(fraction): pixel (\(x), \(y)) is \(frame[x, y]), expected \(expected)")
            return
          }
        }
      }
      #expect(checked.new > 500 && checked.old > 500, "\(name) at \(fraction): \(checked)")
    }
    // At the end, the whole layer lies behind the edge: the new content alone, as at rest.
    renderer.draw(FrameStates(animation.sample(at: animation.duration), inverse: false), into: frame)
    #expect(
      (0..<width).allSatisfy { frame[$0, 0] == RGBA(Self.toColor) && frame[$0, height - 1] == RGBA(Self.toColor) })
  }
}
