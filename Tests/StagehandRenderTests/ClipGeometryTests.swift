import Foundation
import StagehandAnimation
import StagehandRender
import StagehandTestSupport
import Testing

/// A clip is in the layer's own coordinates, before its transform: it moves, turns and scales with the layer, on
/// every path the renderer draws a layer by (pixel-aligned, affine, row and column scanlines, affine pieces).
@Suite("Clips follow their layer")
struct ClipGeometryTests {
  static let bounds = Rect(x: 0, y: 0, width: 160, height: 120)
  static let toColor = RGB(10, 60, 230)
  static let background = RGB(250, 250, 0)

  /// A transform of each kind the renderer draws differently, for the appearing layer, with the stage's perspective.
  static func place(_ kind: Int, _ g: inout SeededGenerator) -> LayerStates {
    var states = LayerStates.identity
    states.disappearing.opacity = 0
    let angle = Double.random(in: 0.2...0.9, using: &g) * (Bool.random(using: &g) ? 1 : -1)
    switch kind {
    case 0:  // pixel-aligned
      break
    case 1:  // affine: moved, scaled and turned in the plane
      states.appearing.translation = Vector3(
        x: .random(in: -20...20, using: &g), y: .random(in: -15...15, using: &g), z: 0)
      states.appearing.scale = Vector3(x: .random(in: 0.7...1.2, using: &g), y: .random(in: 0.7...1.2, using: &g), z: 1)
      states.appearing.rotation = Rotation(angle: angle / 2, axis: Vector3(x: 0, y: 0, z: 1))
    case 2:  // turned about a vertical axis: column scanlines
      states.stage.perspective = 1.0 / 400
      states.appearing.rotation = Rotation(angle: angle, axis: .yAxis)
    case 3:  // turned about a horizontal axis: row scanlines
      states.stage.perspective = 1.0 / 400
      states.appearing.rotation = Rotation(angle: angle, axis: Vector3(x: 1, y: 0, z: 0))
    default:  // turned about a slanted axis: affine pieces
      states.stage.perspective = 1.0 / 400
      states.appearing.rotation = Rotation(angle: angle, axis: Vector3(x: 1, y: 1, z: 0.3))
    }
    var clip = Clip.none
    clip.insets = Insets(
      top: .random(in: -0.1...0.3, using: &g), right: .random(in: -0.1...0.3, using: &g),
      bottom: .random(in: -0.1...0.3, using: &g), left: .random(in: -0.1...0.3, using: &g))
    clip.cornerRadius = .random(in: -5...40, using: &g)
    clip.ellipseCentre = Point(x: .random(in: 0.3...0.7, using: &g), y: .random(in: 0.3...0.7, using: &g))
    clip.ellipseRadii = Point(x: .random(in: 0.4...1.2, using: &g), y: .random(in: 0.4...1.2, using: &g))
    states.appearing.clip = clip
    return states
  }

  @Test("seeded: points well inside the clip show the layer, points well outside show what lies under it")
  func randomized() throws {
    let checked = Self.probeRandomClips(seed: SeededGenerator.testSeed(0x11C1_1905)) { kind, g in
      Self.place(kind, &g)
    }
    #expect(checked.inside > 1000)
    #expect(checked.outside > 1000)
  }

  /// Draws 40 seeded placements (`place` is given the kind, 0 to 4, one per drawing path) and, in each, 400 random
  /// points of the appearing layer: a point whose neighbourhood lies wholly inside its clip must show the layer's
  /// colour, one wholly outside the background. Records the first wrong pixel as an issue (with the seed) and stops;
  /// returns how many points were checked inside and outside.
  static func probeRandomClips(
    seed: UInt64, place: (Int, inout SeededGenerator) -> LayerStates
  ) -> (inside: Int, outside: Int) {
    var g = SeededGenerator(seed: seed)
    let width = Int(bounds.size.width)
    let height = Int(bounds.size.height)
    let scene = solidScene(bounds, background: background, from: RGB(0, 0, 0), to: toColor)
    let renderer = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    var checked = (inside: 0, outside: 0)
    for case_ in 0..<40 {
      let kind = case_ % 5
      let states = place(kind, &g)
      renderer.draw(FrameStates(states, inverse: false), into: frame)
      let clip = states.appearing.clip
      let transform = states.transform(of: .appearing, in: bounds)
      let margin = 3.0
      for _ in 0..<400 {
        let q = Point(
          x: .random(in: margin...(bounds.size.width - margin), using: &g),
          y: .random(in: margin...(bounds.size.height - margin), using: &g))
        let around =
          [q]
          + (0..<16).map { k in
            Point(x: q.x + margin * cos(Double(k) * .pi / 8), y: q.y + margin * sin(Double(k) * .pi / 8))
          }
        let verdicts = Set(around.map { clip.contains($0, in: bounds) })
        guard verdicts.count == 1, let p = transform.project(Vector3(x: q.x, y: q.y, z: 0)) else { continue }
        let (x, y) = (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
        guard x >= 0, y >= 0, x < width, y < height else { continue }
        let expected = verdicts.first! ? RGBA(toColor) : RGBA(background)
        if verdicts.first! { checked.inside += 1 } else { checked.outside += 1 }
        if frame[x, y] != expected {
          let what = "seed \(seed), case \(case_) (kind \(kind)): layer point (\(q.x), \(q.y))"
          Issue.record("\(what) at pixel (\(x), \(y)) is \(frame[x, y]), expected \(expected)")
          return checked
        }
      }
    }
    return checked
  }

  @Test("a clip that cuts nothing draws exactly what no clip draws; an empty clip draws nothing")
  func noCut() {
    let width = 64
    let height = 48
    let bounds = Rect(x: 0, y: 0, width: 64, height: 48)
    let scene = noiseScene(bounds, background: Self.background, seeds: (21, 22))
    var states = LayerStates.identity
    states.appearing.opacity = 0.6
    states.appearing.rotation = Rotation(angle: 0.3, axis: Vector3(x: 0, y: 0, z: 1))
    let plain = Frame(width: width, height: height)!
    FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: plain)
    // Negative insets and a larger ellipse cut nothing.
    states.appearing.clip.insets = Insets(top: -0.2, right: -1, bottom: 0, left: -0.5)
    states.appearing.clip.ellipseRadii = Point(x: 1.5, y: 1.01)
    #expect(!states.appearing.clip.cutsAnything(in: bounds))
    let same = Frame(width: width, height: height)!
    FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: same)
    #expect(same.decoded == plain.decoded)
    // Insets that meet, or a radius of 0: only the content below is drawn.
    for empty in [Insets(top: 0, right: 0.5, bottom: 0, left: 0.5), Insets(top: 0.7, right: 0, bottom: 0.3, left: 0)] {
      states.appearing.clip = .none
      states.appearing.clip.insets = empty
      FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: same)
      #expect(same.decoded == TestPicture.noise(width: width, height: height, seed: 21).picture)
    }
    states.appearing.clip = .none
    states.appearing.clip.ellipseRadii = Point(x: 0, y: 1)
    FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: same)
    #expect(same.decoded == TestPicture.noise(width: width, height: height, seed: 21).picture)
  }

  @Test("a renderer kept from frame to frame clears what an earlier, larger clip let through")
  func reuse() {
    let width = 80
    let height = 60
    let bounds = Rect(x: 0, y: 0, width: 80, height: 60)
    let scene = solidScene(bounds, background: Self.background, from: RGB(0, 0, 0), to: Self.toColor)
    let kept = FrameRenderer(scene: scene)
    let frame = Frame(width: width, height: height)!
    let fresh = Frame(width: width, height: height)!
    var states = LayerStates.identity
    states.stage.perspective = 1.0 / 300
    states.appearing.rotation = Rotation(angle: 0.5, axis: .yAxis)  // the turned copy too
    for (inset, radius) in [(0.0, 0.9), (0.3, 0.3), (0.1, 0.6), (0.45, 1.0)] {
      states.appearing.clip.insets = Insets(top: inset, right: inset, bottom: inset, left: inset)
      states.appearing.clip.ellipseRadii = Point(x: radius, y: radius)
      kept.draw(FrameStates(states, inverse: false), into: frame)
      FrameRenderer(scene: scene).draw(FrameStates(states, inverse: false), into: fresh)
      #expect(frame.decoded == fresh.decoded, "inset \(inset), radius \(radius)")
    }
  }
}
