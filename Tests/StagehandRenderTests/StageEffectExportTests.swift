import Foundation
import StagehandAnimation
import StagehandTestSupport
import Testing

@testable import StagehandExport
@testable import StagehandRender

/// The CSS and JSON exports of ABI 1.1 animations, through the plugin compiled from C (`StageEffectFixture`): sampled
/// keyframes for springs and intervals, clips, the backdrop, the draw order and the end.
@Suite("ABI 1.1 export")
struct StageEffectExportTests {
  static let bounds = Rect(x: 0, y: 0, width: 320, height: 240)

  @Test("a spring step and a staggered step are sampled: between keyframes the model stays within the tolerance")
  func sampledSteps() throws {
    let animation = try StageEffectFixture.forward(.springStagger, in: Self.bounds)
    let timeline = try ExportTimeline(animation, bounds: Self.bounds, inverse: false)
    let frames = timeline.keyframes
    // Far more keyframes than step boundaries, each in the model's states at its time, timed linearly.
    #expect(frames.count > 20)
    for frame in frames.dropLast() where frame.time > 0 {
      #expect(frame.curve == .linear, "at \(frame.time)")
      #expect(maxDifference(frame.states, animation.sample(at: frame.time)) <= 1e-9, "at \(frame.time)")
    }
    // Between two keyframes, the straight line between their translations and scales stays close to the model.
    var generator = SeededGenerator(seed: SeededGenerator.testSeed(0x5_1C1E))
    let span = Self.bounds.size.width
    for _ in 0..<2000 {
      let t = Double.random(in: 0..<animation.duration, using: &generator)
      guard let index = frames.lastIndex(where: { $0.time <= t }), index + 1 < frames.count else { continue }
      let (a, b) = (frames[index], frames[index + 1])
      guard b.time > a.time else { continue }
      let u = (t - a.time) / (b.time - a.time)
      let model = animation.sample(at: t).appearing
      let x =
        a.states.appearing.translation.x + (b.states.appearing.translation.x - a.states.appearing.translation.x) * u
      let y =
        a.states.appearing.translation.y + (b.states.appearing.translation.y - a.states.appearing.translation.y) * u
      let s = a.states.appearing.scale.x + (b.states.appearing.scale.x - a.states.appearing.scale.x) * u
      #expect(abs(x - model.translation.x) <= ExportTimeline.sampleTolerance * span * 1.01, "x at \(t)")
      #expect(abs(y - model.translation.y) <= ExportTimeline.sampleTolerance * span, "y at \(t)")
      #expect(abs(s - model.scale.x) <= ExportTimeline.sampleTolerance, "scale at \(t)")
    }
    // A plain Bezier step without intervals keeps one cubic-bezier: the wipe has two keyframes and its curve.
    let wipe = try ExportTimeline(
      try StageEffectFixture.forward(.wipe, in: Self.bounds), bounds: Self.bounds, inverse: false)
    #expect(wipe.keyframes.filter { $0.curve == .linear }.count == 1)
  }

  @Test("a step whose clip reaches a clamp within it is sampled; one that stays on one side is not")
  func clamps() throws {
    var before = LayerStates.identity
    before.appearing.clip.insets.right = -0.5
    // From -0.5 to 0.5: the inset is clamped to 0 over the first half only.
    let crossing = try Step(
      duration: 1, curve: .linear,
      changes: [Step.Change(.appearing, .inset(Insets(top: 0, right: 1, bottom: 0, left: 0)))])
    #expect(
      !ExportTimeline.isExact(
        crossing, from: before, end: Animation(steps: [crossing], initialStates: before).finalStates,
        bounds: Self.bounds))
    let staying = try Step(
      duration: 1, curve: .easeInOut,
      changes: [Step.Change(.appearing, .inset(Insets(top: 0, right: 0.4, bottom: 0, left: 0)))])
    let start = LayerStates.identity
    #expect(
      ExportTimeline.isExact(
        staying, from: start, end: Animation(steps: [staying], initialStates: start).finalStates, bounds: Self.bounds))
    // An overshooting curve takes the corner radius past half the shorter side: sampled.
    let overshoot = try Step(
      duration: 1, curve: try TimingCurve(x1: 0.3, y1: 1.8, x2: 0.6, y2: 1),
      changes: [Step.Change(.appearing, .cornerRadius(110))])
    #expect(
      !ExportTimeline.isExact(
        overshoot, from: start, end: Animation(steps: [overshoot], initialStates: start).finalStates,
        bounds: Self.bounds))
  }

  @Test("the CSS has the backdrop, the draw order, both clip paths and the end's visibility")
  func css() throws {
    let fade = try ExportTimeline(
      try StageEffectFixture.forward(.fadeBlack, in: Self.bounds), bounds: Self.bounds, inverse: false)
    let fadeCSS = CSSExport(fade, title: "fade").stylesheet()
    #expect(fadeCSS.contains("@keyframes sh-backdrop"))
    #expect(fadeCSS.contains("background-color: rgb(0 0 0); opacity: 1"))
    #expect(fadeCSS.contains("; visibility: hidden; }"))
    #expect(fadeCSS.components(separatedBy: "; visibility: hidden").count == 2, "only at 100%, once")
    #expect(!fadeCSS.contains("sh-order-"), "a draw order that never changes is static")

    // The forward uncover has the disappearing content on top from its very start (a sample at 0 shows the state
    // after its leading instant steps): a static order. Its inverse puts it back at the end of the inverted step.
    let uncover = try ExportTimeline(
      try StageEffectFixture.forward(.uncover, in: Self.bounds), bounds: Self.bounds, inverse: false)
    let uncoverCSS = CSSExport(uncover, title: "uncover").stylesheet()
    #expect(uncoverCSS.contains(".sh-holds-disappearing { z-index: 2; }"))
    #expect(!uncoverCSS.contains("@keyframes sh-backdrop"))
    let back = try ExportTimeline(
      try StageEffectFixture.inverse(.uncover, in: Self.bounds), bounds: Self.bounds, inverse: true)
    let backCSS = CSSExport(back, title: "uncover, inverse").stylesheet()
    #expect(backCSS.contains("@keyframes sh-order-disappearing"))
    #expect(backCSS.contains("z-index: 2; animation-timing-function: step-end"))

    let rounded = try ExportTimeline(
      try StageEffectFixture.forward(.rounded, in: Self.bounds), bounds: Self.bounds, inverse: false)
    let roundedCSS = CSSExport(rounded, title: "rounded").stylesheet()
    // Insets of 0.1 of 320 x 240, corners of 20, the ellipse moved right by 0.15 and 0.6 half-diagonals wide.
    #expect(roundedCSS.contains("clip-path: inset(24px 32px 24px 32px round 20px)"))
    #expect(roundedCSS.contains("clip-path: ellipse(120px 120px at 208px 120px)"))
    #expect(!roundedCSS.contains("@keyframes sh-disappearing-inset"))

    let page = CSSExport(rounded, title: "rounded").page(from: "a.png", to: "b.png", background: RGB(0, 0, 0))
    #expect(page.contains("<div class=\"sh-backdrop\"></div>"))
    #expect(page.contains("<img class=\"sh-content sh-appearing-inset\" src=\"b.png\""))
  }

  @Test("the JSON timeline carries the backdrop, the draw order, the clips and what is drawn at the end")
  func json() throws {
    let animation = try StageEffectFixture.forward(.uncover, in: Self.bounds)
    let timeline = try ExportTimeline(animation, bounds: Self.bounds, inverse: false)
    let text = TimelineJSON(timeline, style: "r11-uncover", parameters: [], fps: 10).text()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 2)
    let samples = try #require(object["samples"] as? [[String: Any]])
    #expect(samples.first?["onTop"] as? String == "disappearing")
    #expect(samples.first?["drawn"] as? [String] == ["appearing", "disappearing"])
    #expect(samples.last?["drawn"] as? [String] == ["appearing"], "the end: the disappearing content is gone")
    #expect(samples.first?["backdrop"] as? [Double] == [0, 0, 0, 0])
    let keyframes = try #require(object["keyframes"] as? [[String: Any]])
    #expect(keyframes.last?["drawn"] as? [String] == ["appearing"])
    let layers = try #require(samples.first?["layers"] as? [String: Any])
    let appearing = try #require(layers["appearing"] as? [String: Any])
    let clip = try #require(appearing["clip"] as? [String: Any])
    #expect(clip["insets"] as? [Double] == [0, 0, 0, 0])
    #expect(clip["ellipseRadii"] as? [Double] == [1, 1])
    #expect(clip["wedgeCentre"] as? [Double] == [0.5, 0.5])
    #expect(clip["wedgeStart"] as? Double == 0)
  }

  @Test("the JSON timeline carries the wedge (ABI 1.2): the clock wipe's sweep from 0 to a whole turn")
  func jsonWedge() throws {
    let bounds = Rect(x: 0, y: 0, width: 160, height: 120)
    let animation = try bundledRegistry.forward(
      Transition("clock-wipe-from-three", parameters: ["curve": "linear"]), in: TransitionContext(bounds: bounds))
    let timeline = try ExportTimeline(animation, bounds: bounds, inverse: false)
    let text = TimelineJSON(timeline, style: "clock-wipe-from-three", parameters: [], fps: 4).text()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let samples = try #require(object["samples"] as? [[String: Any]])
    func wedge(_ sample: [String: Any]) throws -> (start: Double, sweep: Double) {
      let layers = try #require(sample["layers"] as? [String: Any])
      let clip = try #require((layers["appearing"] as? [String: Any])?["clip"] as? [String: Any])
      return (try #require(clip["wedgeStart"] as? Double), try #require(clip["wedgeSweep"] as? Double))
    }
    let model = animation.sample(at: 0).appearing.clip
    #expect(try wedge(samples[0]).start == model.wedgeStart)
    #expect(try wedge(samples[0]).sweep == 0)
    #expect(try wedge(samples[samples.count - 1]).sweep == Clip.fullTurn)
    for sample in samples {
      let time = try #require(sample["time"] as? Double)
      let expected = animation.sample(at: time).appearing.clip.wedgeSweep
      #expect(try abs(wedge(sample).sweep - expected) < 1e-9, "at \(time) s")
    }
  }

  @Test("the JSON timeline carries each layer's dim (ABI 1.3), unclamped, sample by sample as the model has it")
  func jsonDim() throws {
    let bounds = DimTests.bounds
    let animation = try DimTests.dimmingCover(width: bounds.size.width)
    let timeline = try ExportTimeline(animation, bounds: bounds, inverse: false)
    let text = TimelineJSON(timeline, style: "dimming-cover", parameters: [], fps: 8).text()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let samples = try #require(object["samples"] as? [[String: Any]])
    func dim(_ sample: [String: Any], _ layer: LayerID) throws -> Double {
      let layers = try #require(sample["layers"] as? [String: Any])
      return try #require((layers["\(layer)"] as? [String: Any])?["dim"] as? Double)
    }
    #expect(try dim(samples[0], .disappearing) == 0)
    #expect(try dim(samples[samples.count - 1], .disappearing) == 0.4)
    for sample in samples {
      let time = try #require(sample["time"] as? Double)
      let states = animation.sample(at: time)
      for layer in LayerID.allCases {
        #expect(try abs(dim(sample, layer) - states[layer].dim) < 1e-9, "\(layer) at \(time) s")
      }
    }
  }
}
