import StagehandAnimation

/// The JSON timeline of an export: the keyframes at the step boundaries with their curves, and the layer states
/// sampled at a frame rate, for tools that animate without CSS. The schema is in Docs/Export.md.
public struct TimelineJSON: Sendable {
  /// The keyframes exported.
  public var timeline: ExportTimeline
  /// The style, preset or reference exported.
  public var style: String
  /// The parameter values, by symbol, as text.
  public var parameters: [(String, String)]
  /// How many samples a second the `samples` array has.
  public var fps: Int

  /// A timeline of `style` with `parameters`, sampled at `fps` frames per second.
  public init(_ timeline: ExportTimeline, style: String, parameters: [(String, String)], fps: Int) {
    self.timeline = timeline
    self.style = style
    self.parameters = parameters
    self.fps = fps
  }

  /// The JSON text, ending with a newline.
  public func text() -> String {
    let bounds = timeline.bounds
    var lines: [String] = []
    lines.append("{")
    lines.append("  \"format\": \"stagehand-timeline\",")
    lines.append("  \"version\": 2,")
    lines.append("  \"style\": \(Self.quoted(style)),")
    let values = parameters.map { "\(Self.quoted($0.0)): \(Self.quoted($0.1))" }.joined(separator: ", ")
    lines.append("  \"parameters\": {\(values)},")
    lines.append("  \"direction\": \"\(timeline.inverse ? "inverse" : "forward")\",")
    lines.append(
      "  \"bounds\": {\"x\": \(bounds.origin.x.exportNumber), \"y\": \(bounds.origin.y.exportNumber), "
        + "\"width\": \(bounds.size.width.exportNumber), \"height\": \(bounds.size.height.exportNumber)},")
    lines.append("  \"duration\": \(timeline.duration.exportNumber),")
    lines.append("  \"top\": \"\(timeline.topLayer)\",")
    lines.append("  \"keyframes\": [")
    let last = timeline.keyframes.count - 1
    let keyframes = timeline.keyframes.enumerated().map { index, frame in
      let curve =
        frame.curve?.controlPoints.map {
          "[\($0.x1.exportNumber), \($0.y1.exportNumber), \($0.x2.exportNumber), \($0.y2.exportNumber)]"
        } ?? "null"
      return "    {\"time\": \(frame.time.exportNumber), \"curve\": \(curve), "
        + "\(drawing(frame.states, ended: index == last)), \"layers\": \(layers(frame.states))}"
    }
    lines.append(keyframes.joined(separator: ",\n"))
    lines.append("  ],")
    lines.append("  \"fps\": \(fps),")
    lines.append("  \"samples\": [")
    let count = FrameStates.frameCount(duration: timeline.duration, fps: fps)
    let samples = (0..<count).map { index in
      let time = count > 1 ? timeline.duration * Double(index) / Double(count - 1) : timeline.duration
      let states = timeline.states(at: time)
      return "    {\"time\": \(time.exportNumber), \(drawing(states, ended: index == count - 1)), "
        + "\"layers\": \(layers(states))}"
    }
    lines.append(samples.joined(separator: ",\n"))
    lines.append("  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The members that say how a moment is drawn: the backdrop (`[red, green, blue, opacity]`, unclamped), the content
  /// layer on top, and the content layers drawn, back to front (without the disappearing one once `ended`).
  func drawing(_ states: LayerStates, ended: Bool) -> String {
    let b = states.backdrop
    let drawn = FrameStates(states, inverse: timeline.inverse, ended: ended).drawnLayers.map { "\"\($0)\"" }
    return "\"backdrop\": [\(b.red.exportNumber), \(b.green.exportNumber), \(b.blue.exportNumber), "
      + "\(b.opacity.exportNumber)], \"onTop\": \"\(states.onTop)\", \"drawn\": [\(drawn.joined(separator: ", "))]"
  }

  /// The three layers' states as a JSON object.
  func layers(_ states: LayerStates) -> String {
    let entries = [LayerID.stage, .disappearing, .appearing].map { layer in
      "\"\(layer)\": \(state(states[layer], matrix: states.transform(of: layer, in: timeline.bounds)))"
    }
    return "{" + entries.joined(separator: ", ") + "}"
  }

  /// One layer's state as a JSON object.
  func state(_ s: LayerState, matrix: Transform3D) -> String {
    func list(_ values: [Double]) -> String { "[" + values.map(\.exportNumber).joined(separator: ", ") + "]" }
    let m = matrix
    let c = s.clip
    let rows = [
      m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
    ]
    return "{\"translation\": \(list([s.translation.x, s.translation.y, s.translation.z])), "
      + "\"rotation\": \(list([s.rotation.w, s.rotation.x, s.rotation.y, s.rotation.z])), "
      + "\"scale\": \(list([s.scale.x, s.scale.y, s.scale.z])), \"anchor\": \(list([s.anchor.x, s.anchor.y])), "
      + "\"opacity\": \(s.opacity.exportNumber), \"dim\": \(s.dim.exportNumber), "
      + "\"perspective\": \(s.perspective.exportNumber), "
      + "\"clip\": {\"insets\": \(list([c.insets.top, c.insets.right, c.insets.bottom, c.insets.left])), "
      + "\"cornerRadius\": \(c.cornerRadius.exportNumber), "
      + "\"ellipseCentre\": \(list([c.ellipseCentre.x, c.ellipseCentre.y])), "
      + "\"ellipseRadii\": \(list([c.ellipseRadii.x, c.ellipseRadii.y])), "
      + "\"wedgeCentre\": \(list([c.wedgeCentre.x, c.wedgeCentre.y])), \"wedgeStart\": \(c.wedgeStart.exportNumber), "
      + "\"wedgeSweep\": \(c.wedgeSweep.exportNumber)}, "
      + "\"matrix\": \(list(rows))}"
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
