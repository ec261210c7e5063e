import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// The bundled `cover-dimmed` (ABI 1.3's dim in a bundled style) drawn by the renderer, forward and popped.
@Suite("cover-dimmed in the renderer")
struct CoverDimmedRenderTests {
  static let bounds = DimTests.bounds

  @Test(
    "the bundled cover-dimmed at 25, 50 and 75 %: the old content darkened as the model's dim says, the new one not",
    arguments: [false, true])
  func bundledCoverDimmed(inverse: Bool) throws {
    let width = Int(Self.bounds.size.width)
    let height = Int(Self.bounds.size.height)
    let fromColor = RGB(240, 200, 20)
    let toColor = RGB(10, 60, 230)
    let context = TransitionContext(bounds: Self.bounds)
    let animation =
      try inverse
      ? bundledRegistry.inverse(Transition("cover-dimmed"), in: context)
      : bundledRegistry.forward(Transition("cover-dimmed"), in: context)
    let scene = solidScene(Self.bounds, background: RGB(255, 255, 255), from: fromColor, to: toColor)
    let renderer = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    // The layer that shows `from`: the disappearing one forward, the appearing one in the pop.
    let fromLayer: LayerID = inverse ? .appearing : .disappearing
    var darkest = 0.0
    for fraction in [0.25, 0.5, 0.75] {
      let states = animation.sample(at: animation.duration * fraction)
      renderer.draw(FrameStates(states, inverse: inverse), into: frame)
      let dim = states[fromLayer].visibleDim
      darkest = max(darkest, dim)
      // The covering content's left edge, from the layer of `to`.
      let toLayer = fromLayer.swapped
      let edge = (states[toLayer].translation.x - Self.bounds.minX) * Double(width) / Self.bounds.size.width
      let y = height / 2
      for x in 0..<width where abs(Double(x) + 0.5 - edge) > 1 {
        let fine =
          Double(x) + 0.5 > edge
          ? frame[x, y] == RGBA(toColor) : DimTests.isDimmed(frame[x, y], fromColor, keep: 1 - dim)
        if !fine {
          Issue.record("\(inverse ? "pop" : "push") at \(fraction) (dim \(dim)): pixel (\(x), \(y)) is \(frame[x, y])")
          return
        }
      }
    }
    #expect(darkest > 0.1)
  }
}
