import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport
import Testing

/// Where two layers meet, no background shows between them: white over white on black stays white along the line
/// they share, whatever fraction of a pixel each covers there.
@Suite("No seam where two layers meet")
struct SeamTests {
  /// An odd size, so that the meeting line falls at many fractions of a pixel.
  static let bounds = Rect(x: 0, y: 0, width: 97, height: 61)
  static let white = PixelImage(width: 97, height: 61, rgba: [UInt8](repeating: 255, count: 97 * 61 * 4))!

  /// Whether `point` lies in the convex quad with `corners` (or on its edge); the quad turns clockwise on screen.
  static func contains(_ corners: [(x: Double, y: Double)], _ point: (x: Double, y: Double)) -> Bool {
    for i in 0..<4 {
      let (a, b) = (corners[i], corners[(i + 1) % 4])
      if (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x) < -1e-9 { return false }
    }
    return true
  }

  @Test(
    "white over white on black: every pixel the two layers cover between them is white, along their shared edge too",
    arguments: [
      "push-from-left", "push-from-top", "push-from-right", "push-from-bottom", "cube-from-left",
      "cube-from-top", "cube-from-right", "cube-from-bottom",
    ], [0.3, 0.41, 0.5, 0.62, 0.7])
  func noSeam(name: String, fraction: Double) throws {
    let context = TransitionContext(bounds: Self.bounds)
    let animation = try bundledRegistry.forward(Transition(name), in: context)
    let states = animation.sample(at: animation.duration * fraction)
    let scene = Scene(
      bounds: Self.bounds, width: 97, height: 61, background: RGB(0, 0, 0), from: Self.white, to: Self.white)
    let frame = try #require(Frame(width: 97, height: 61))
    FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: frame)
    let quads = [LayerID.appearing, .disappearing].compactMap { states.projectedCorners(of: $0, in: Self.bounds) }
    try #require(quads.count == 2, "both layers are drawn at \(fraction)")
    let (first, second) = (quads[0].corners.map { (x: $0.x, y: $0.y) }, quads[1].corners.map { (x: $0.x, y: $0.y) })
    var (covered, shared, darkest) = (0, 0, 255 as UInt8)
    for y in 0..<61 {
      for x in 0..<97 {
        // Points across the pixel, its corners included: each must lie in one of the layers.
        var (everyPointCovered, wholeInFirst, wholeInSecond) = (true, true, true)
        for i in 0...4 {
          for j in 0...4 {
            let point = (x: Double(x) + Double(i) / 4, y: Double(y) + Double(j) / 4)
            let (inFirst, inSecond) = (Self.contains(first, point), Self.contains(second, point))
            everyPointCovered = everyPointCovered && (inFirst || inSecond)
            wholeInFirst = wholeInFirst && inFirst
            wholeInSecond = wholeInSecond && inSecond
          }
        }
        guard everyPointCovered else { continue }
        covered += 1
        // A pixel that no single layer covers whole lies on the line the two share.
        if !wholeInFirst && !wholeInSecond { shared += 1 }
        darkest = min(darkest, frame[x, y].r, frame[x, y].g, frame[x, y].b)
      }
    }
    #expect(shared > 0, "the layers share pixels at \(fraction) (else this checks nothing)")
    #expect(darkest >= 254, "\(name) at \(fraction): \(covered) pixels covered, \(shared) of them shared")
  }
}
