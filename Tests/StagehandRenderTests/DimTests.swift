import Foundation
import StagehandAnimation
import StagehandRender
import StagehandTestSupport
import Testing

/// The dim of a content layer (ABI 1.3) in the renderer: black of opacity d over the layer's own pixels, colour times
/// 1 - d and alpha kept, on every path the renderer draws a layer by, with and without a clip; and a cover that dims
/// the content it covers, at a quarter, half and three quarters of its time.
@Suite("Dims in the renderer")
struct DimTests {
  static let bounds = ClipGeometryTests.bounds
  static let background = ClipGeometryTests.background

  /// Whether `got` is `colour` with each component times `keep`, to within 1.5 steps of 1/255: the renderer keeps
  /// the dim in 1/255 steps (half a step of error at most) and rounds the dimmed colour (half a step), and a layer
  /// drawn through its coverage mask rounds once more.
  static func isDimmed(_ got: RGBA, _ colour: RGB, keep: Double) -> Bool {
    func near(_ a: UInt8, _ b: UInt8) -> Bool { abs(Double(a) - Double(b) * keep) <= 1.5 }
    return near(got.r, colour.r) && near(got.g, colour.g) && near(got.b, colour.b) && got.a == 255
  }

  @Test("seeded: every drawing path, clipped or not: covered pixels are the colour times 1 - dim, uncovered ones kept")
  func randomized() throws {
    let seed = SeededGenerator.testSeed(0xD1_3D1)
    var g = SeededGenerator(seed: seed)
    let width = Int(Self.bounds.size.width)
    let height = Int(Self.bounds.size.height)
    let toColor = RGB(200, 120, 40)
    let scene = solidScene(Self.bounds, background: Self.background, from: RGB(0, 0, 0), to: toColor)
    let renderer = FrameRenderer(scene: scene)
    let plain = Frame(width: width, height: height)!
    let dimmed = Frame(width: width, height: height)!
    var checked = (covered: 0, uncovered: 0)
    for case_ in 0..<40 {
      let kind = case_ % 5
      var states = ClipGeometryTests.place(kind, &g)
      if case_ % 2 == 0 { states.appearing.clip = .none }
      renderer.draw(FrameStates(states, inverse: false), into: plain)
      let dim = Double.random(in: -0.2...1.2, using: &g)
      states.appearing.dim = dim
      renderer.draw(FrameStates(states, inverse: false), into: dimmed)
      let keep = 1 - min(max(dim, 0), 1)
      for y in 0..<height {
        for x in 0..<width {
          let reference = plain[x, y]
          let fine: Bool
          if reference == RGBA(toColor) {
            checked.covered += 1
            fine = Self.isDimmed(dimmed[x, y], toColor, keep: keep)
          } else if reference == RGBA(Self.background) {
            // Under the layer's reach, or covered by a sliver too thin to change the undimmed pixel's bytes (the
            // dimmed sliver may change them by one).
            checked.uncovered += 1
            let got = dimmed[x, y]
            fine = [(got.r, reference.r), (got.g, reference.g), (got.b, reference.b)].allSatisfy {
              abs(Int($0.0) - Int($0.1)) <= 1
            }
          } else {
            continue  // an edge pixel, partly covered
          }
          if !fine {
            let what = "seed \(seed), case \(case_) (kind \(kind)), dim \(dim): pixel (\(x), \(y))"
            Issue.record("\(what) is \(dimmed[x, y]), undimmed \(reference)")
            return
          }
        }
      }
    }
    #expect(checked.covered > 50_000)
    #expect(checked.uncovered > 10_000)
  }

  @Test("a dim of 0 or less draws exactly what no dim draws; a dim of 1 or more draws the layer black")
  func ends() throws {
    let width = 64
    let height = 48
    let bounds = Rect(x: 0, y: 0, width: 64, height: 48)
    let scene = noiseScene(bounds, background: Self.background, seeds: (31, 32))
    let renderer = FrameRenderer(scene: scene)
    let reference = Frame(width: width, height: height)!
    let frame = Frame(width: width, height: height)!
    var states = LayerStates.identity
    states.appearing.translation = Vector3(x: 10.25, y: 3.5, z: 0)
    renderer.draw(FrameStates(states, inverse: false), into: reference)
    for dim in [0.0, -0.5] {
      states.appearing.dim = dim
      renderer.draw(FrameStates(states, inverse: false), into: frame)
      #expect(frame.rgbaBytes == reference.rgbaBytes, "dim \(dim)")
    }
    for dim in [1.0, 3.0] {
      states.appearing.dim = dim
      renderer.draw(FrameStates(states, inverse: false), into: frame)
      // Well inside the moved layer: black, opaque.
      for (x, y) in [(20, 10), (40, 30), (63, 47)] { #expect(frame[x, y] == RGBA(0, 0, 0), "dim \(dim) (\(x), \(y))") }
      // Where the layer does not reach, the disappearing content is drawn undimmed.
      #expect(frame[2, 1] == reference[2, 1])
    }
  }

  /// A cover from the right whose covered content darkens by 0.4 over the same step: the model's own animation.
  static func dimmingCover(width: Double) throws -> Animation {
    try Animation(steps: [
      Step(duration: 0, curve: .linear, changes: [Step.Change(.appearing, .translate(Vector3(x: width, y: 0, z: 0)))]),
      Step(
        duration: 1, curve: .linear,
        changes: [
          Step.Change(.appearing, .translate(Vector3(x: -width, y: 0, z: 0))), Step.Change(.disappearing, .dim(0.4)),
        ]),
    ])
  }

  @Test("a cover that dims what it covers, at 25, 50 and 75 %: the new content where it has come, the old one dimmed")
  func cover() throws {
    let width = Int(Self.bounds.size.width)
    let height = Int(Self.bounds.size.height)
    let fromColor = RGB(240, 200, 20)
    let toColor = RGB(10, 60, 230)
    let scene = solidScene(Self.bounds, background: RGB(255, 255, 255), from: fromColor, to: toColor)
    let renderer = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    let animation = try Self.dimmingCover(width: Self.bounds.size.width)
    for fraction in [0.25, 0.5, 0.75] {
      renderer.draw(FrameStates(animation.sample(at: fraction), inverse: false), into: frame)
      let edge = Double(width) * (1 - fraction)
      for y in stride(from: 0, to: height, by: 7) {
        for x in 0..<width where abs(Double(x) + 0.5 - edge) > 1 {
          let fine =
            Double(x) + 0.5 > edge
            ? frame[x, y] == RGBA(toColor) : Self.isDimmed(frame[x, y], fromColor, keep: 1 - 0.4 * fraction)
          if !fine {
            Issue.record("at \(fraction): pixel (\(x), \(y)) is \(frame[x, y])")
            return
          }
        }
      }
    }
    // The pop (the derived inverse) brightens the revealed content back: undimmed at its end.
    let pop = animation.swappedAndReversed()
    renderer.draw(FrameStates(pop.sample(at: pop.duration), inverse: true), into: frame)
    #expect(frame[width / 2, height / 2] == RGBA(fromColor))
  }
}
