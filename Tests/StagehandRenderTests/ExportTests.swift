import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandTestSupport
import Testing

@testable import StagehandExport
@testable import StagehandRender

/// The CSS and JSON exports, checked against the model: keyframes at the step boundaries with the steps' curves, and
/// CSS matrices that compose back to the model's transforms.
@Suite("Export")
struct ExportTests {
  let bounds = Rect(x: 0, y: 0, width: 320, height: 240)

  /// The forward and inverse animations of every bundled style and preset.
  func animations() throws -> [(String, Animation, Bool)] {
    try bundledNames.flatMap { name in
      let context = TransitionContext(bounds: bounds)
      return [
        (name, try bundledRegistry.forward(Transition(name), in: context), false),
        (name, try bundledRegistry.inverse(Transition(name), in: context), true),
      ]
    }
  }

  @Test(
    "a keyframe at every boundary of a timed step, with that step's curve (or linear ones when it is sampled), in the model's states"
  )
  func keyframesAtStepBoundaries() throws {
    var sampledSteps = 0
    for (name, animation, inverse) in try animations() {
      let timeline = try ExportTimeline(animation, bounds: bounds, inverse: inverse)
      // Every timed step starts at a keyframe with its curve and ends at the keyframe after it; a step that no
      // cubic-bezier times (a spring, staggered intervals, a clamp) has linear keyframes from its start to its end.
      var time = 0.0
      var states = animation.initialStates
      for step in animation.steps {
        let end = Animation(steps: [step], initialStates: states).finalStates
        defer {
          time += step.duration
          states = end
        }
        guard step.duration > 0 else { continue }
        let index = try #require(timeline.keyframes.lastIndex { $0.time == time && $0.curve != nil })
        if ExportTimeline.isExact(step, from: states, end: end, bounds: bounds) {
          #expect(timeline.keyframes[index].curve == step.curve, "\(name)")
          #expect(timeline.keyframes[index + 1].time == time + step.duration, "\(name)")
        } else {
          sampledSteps += 1
          let last = try #require(timeline.keyframes.firstIndex { $0.time == time + step.duration }, "\(name)")
          #expect(last > index + 1, "\(name): a sampled step has keyframes within it")
          #expect(timeline.keyframes[index..<last].allSatisfy { $0.curve == .linear }, "\(name)")
        }
      }
      #expect(timeline.keyframes.first?.time == 0 && timeline.keyframes.last?.time == animation.duration)
      // Between keyframes of different times, the states are the model's at those times.
      for (k, frame) in timeline.keyframes.enumerated() {
        let coincident =
          (k > 0 && timeline.keyframes[k - 1].time == frame.time)
          || (k + 1 < timeline.keyframes.count && timeline.keyframes[k + 1].time == frame.time)
        guard !coincident else { continue }
        let expected = animation.sample(at: frame.time)
        for layer in LayerID.allCases {
          #expect(
            frame.states.transform(of: layer, in: bounds).isClose(to: expected.transform(of: layer, in: bounds)),
            "\(name) at \(frame.time)")
        }
      }
    }
    #expect(sampledSteps > 0, "the bundled springs and staggered fades are sampled")
  }

  @Test("the CSS matrices, about their transform-origins, compose back to the model's transforms")
  func matricesCompose() throws {
    let flip = Transform3D.scale(Vector3(x: 1, y: 1, z: -1))
    for (name, animation, inverse) in try animations() {
      let export = CSSExport(try ExportTimeline(animation, bounds: bounds, inverse: inverse), title: name)
      for frame in export.timeline.keyframes {
        let s = frame.states
        func about(_ anchor: Point, _ m: Transform3D) -> Transform3D {
          let a = bounds.point(atUnit: anchor)
          let v = Vector3(x: a.x, y: a.y, z: 0)
          return .translation(v) * flip * m * flip * .translation(-v)
        }
        let stage = about(s.stage.anchor, export.cssMatrix(of: .stage, in: s))
        for layer in [LayerID.appearing, .disappearing] {
          let composed = stage * about(s[layer].anchor, export.cssMatrix(of: layer, in: s))
          #expect(composed.isClose(to: s.transform(of: layer, in: bounds)), "\(name) \(layer) at \(frame.time)")
        }
      }
    }
  }

  @Test("the timing functions are the steps' curves, number for number; an instant step is two keyframes")
  func timingFunctions() throws {
    let context = TransitionContext(bounds: bounds)
    // flip: an instant step at its middle exchanges which face shows.
    let forward = try bundledRegistry.forward(Transition("flip"), in: context)
    let css = CSSExport(try ExportTimeline(forward, bounds: bounds, inverse: false), title: "flip").stylesheet()
    #expect(css.contains("  50% {") && css.contains("  50.0001% {"))
    #expect(css.contains("animation-timing-function: step-start"))
    let inverse = try bundledRegistry.inverse(Transition("flip"), in: context)
    let inverseCSS = CSSExport(try ExportTimeline(inverse, bounds: bounds, inverse: true), title: "flip").stylesheet()
    #expect(inverseCSS.contains("animation-timing-function: step-end"))
    // Every cubic-bezier of the stylesheet reads back to the exact control values of a step's curve.
    let curves = Set(forward.steps.filter { $0.duration > 0 }.map(\.curve))
    var found: Set<TimingCurve> = []
    for part in css.components(separatedBy: "cubic-bezier(").dropFirst() {
      let numbers = part.prefix { $0 != ")" }.split(separator: ",").compactMap {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      #expect(numbers.count == 4)
      found.insert(try TimingCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
    }
    #expect(found == curves)
    #expect(css.components(separatedBy: "@keyframes").count == 4)
    #expect(css.contains("backface-visibility: hidden") && css.contains("overflow: hidden"))
  }

  @Test("a step turning a layer by half a turn or more is cut into pieces that each turn less")
  func largeTurnsInPieces() throws {
    let axis = Vector3(x: 0, y: 1, z: 0)
    for curve in [TimingCurve.linear, .easeInOut, try TimingCurve(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5)] {
      let step = try Step(duration: 1, curve: curve, changes: [.init(.appearing, .rotate(angle: 3 * .pi, axis: axis))])
      let animation = Animation(steps: [step])
      let timeline = try ExportTimeline(animation, bounds: bounds, inverse: false)
      #expect(timeline.keyframes.count > 2)
      for (a, b) in zip(timeline.keyframes, timeline.keyframes.dropFirst()) {
        // The turn between two keyframes, from their quaternions: less than half a turn, so the shortest arc is it.
        let (p, q) = (a.states.appearing.rotation, b.states.appearing.rotation)
        let dot = abs(p.w * q.w + p.x * q.x + p.y * q.y + p.z * q.z)
        #expect(2 * acos(min(dot, 1)) < .pi)
        #expect(b.states == animation.sample(at: b.time) || b.time == 1)
      }
    }
    let far = try Step(duration: 1, curve: .linear, changes: [.init(.appearing, .rotate(angle: 200 * .pi, axis: axis))])
    #expect(throws: ExportError.turnTooLarge(layer: .appearing, step: 1, angle: 200 * .pi)) {
      try ExportTimeline(Animation(steps: [far]), bounds: bounds, inverse: false)
    }
    #expect(
      "\(ExportError.turnTooLarge(layer: .appearing, step: 1, angle: .pi))".contains("step 1 turns the appearing layer")
    )
  }

  @Test("each piece of a curve, scaled to the unit square, times its part of the curve exactly")
  func curvePieces() throws {
    for curve in [TimingCurve.easeIn, .easeInOut, try TimingCurve(x1: 0.2, y1: -0.5, x2: 0.7, y2: 1.6)] {
      let pieces = curve.pieces(5)
      #expect(pieces.first?.startTime == 0 && pieces.last?.endTime == 1)
      for piece in pieces {
        #expect(abs(curve.value(at: piece.endTime) - piece.endProgress) < 1e-9)
        for k in 1..<10 {
          let local = Double(k) / 10
          let time = piece.startTime + (piece.endTime - piece.startTime) * local
          let expected = piece.startProgress + (piece.endProgress - piece.startProgress) * piece.curve.value(at: local)
          #expect(abs(curve.value(at: time) - expected) < 1e-9, "\(curve) at \(time)")
        }
      }
    }
  }

  @Test("the JSON timeline parses, with keyframes, samples at the frame rate and every layer")
  func json() throws {
    let context = TransitionContext(bounds: bounds)
    let animation = try bundledRegistry.forward(Transition("push"), in: context)
    let timeline = try ExportTimeline(animation, bounds: bounds, inverse: false)
    let text = TimelineJSON(timeline, style: "push", parameters: [("direction", "left")], fps: 30).text()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "stagehand-timeline")
    #expect(object["duration"] as? Double == animation.duration)
    let samples = try #require(object["samples"] as? [[String: Any]])
    #expect(samples.count == FrameStates.frameCount(duration: animation.duration, fps: 30))
    let keyframes = try #require(object["keyframes"] as? [[String: Any]])
    #expect(keyframes.count == timeline.keyframes.count)
    let layers = try #require(samples.last?["layers"] as? [String: [String: Any]])
    #expect(Set(layers.keys) == ["stage", "appearing", "disappearing"])
    #expect((layers["appearing"]?["matrix"] as? [Double])?.count == 16)
  }
}

extension Transform3D {
  /// Whether every element is within 1e-9 (relative to the element's size) of `other`'s.
  func isClose(to other: Transform3D) -> Bool {
    let a = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    let b = [
      other.m11, other.m12, other.m13, other.m14, other.m21, other.m22, other.m23, other.m24, other.m31, other.m32,
      other.m33, other.m34, other.m41, other.m42, other.m43, other.m44,
    ]
    return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
  }
}

@Suite("Numbers in exported CSS and JSON")
struct ExportNumberTests {
  @Test(
    "every finite number is written without a trap: digits while Int64 holds it, the exponent form beyond",
    arguments: [
      (0.25, "0.25"), (3.0, "3"), (12_345_678.0, "12345678"), (-2e19, "-2e19"), (1e300, "1e300"),
      (Double.greatestFiniteMagnitude, "1.7976931348623157e308"), (-0.0, "0"),
    ])
  func numbers(_ value: Double, _ text: String) {
    #expect(value.exportNumber == text)
  }
}
